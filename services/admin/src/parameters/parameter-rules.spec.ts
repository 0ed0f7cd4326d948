import { SYSTEM_PARAMETER_DEFAULTS } from '@shelfscan/service';
import { dunningDays, parameterInput } from '@shelfscan/validation';
import { validateParameters } from './parameter-rules.js';

const defaults = () => SYSTEM_PARAMETER_DEFAULTS.map((d) => ({ ...d }));
const withValue = (key: string, value1: string) =>
  defaults().map((d) => (d.key === key ? { ...d, value1 } : d));
const indexOf = (key: string) => SYSTEM_PARAMETER_DEFAULTS.findIndex((d) => d.key === key);

describe('system parameter rules', () => {
  it('accepts the catalogue as it is', () => {
    expect(validateParameters(defaults())).toEqual({ values: defaults(), violations: [] });
  });

  it.each([
    ['search.standard.dailyLimit', '1.5', 'parameterInteger'],
    ['search.deep.dailyLimit', 'five', 'parameterInteger'],
    ['search.listLimit', '-1', 'parameterInteger'],
    ['billing.monthlyFeeUsd', '10,5', 'parameterNumber'],
    ['billing.monthlyFeeUsd', '0', 'parameterPositive'],
    ['billing.vatPercent', '120', 'parameterPercent'],
    ['billing.dunningDays', '1,29', 'parameterDunningDays'],
    ['billing.dunningDays', '3,3', 'parameterDunningDays'],
    ['billing.dunningDays', '', 'parameterDunningDays'],
    ['billing.seller', ' ', 'parameterRequired'],
    ['contact.whatsapp', '0532 123 45 67', 'parameterPhone'],
    ['contact.supportEmail', 'support', 'parameterEmail'],
  ])('refuses %s = %j with %s, naming the item and field', (key, value, msg) => {
    expect(validateParameters(withValue(key, value)).violations).toEqual([
      { field: `parameters[${indexOf(key)}].value1`, msg },
    ]);
  });

  it('accepts numbers, E.164 numbers and emails, and sorts the dunning days', () => {
    const list = withValue('billing.dunningDays', ' 7, 1,3 ')
      .map((d) => (d.key === 'billing.monthlyFeeUsd' ? { ...d, value1: '12.5' } : d))
      .map((d) => (d.key === 'contact.whatsapp' ? { ...d, value1: '+905321234567' } : d));
    const { values, violations } = validateParameters(list);
    expect(violations).toEqual([]);
    expect(values.find((v) => v.key === 'billing.dunningDays')!.value1).toBe('1,3,7');
  });

  it('wants every key once and no other', () => {
    const list = defaults().filter((d) => d.key !== 'billing.vatPercent');
    list.push({ ...list[0] }, { key: 'nope', description: '', value1: '', value2: '', value3: '' });
    expect(validateParameters(list).violations).toEqual([
      { field: `parameters[${list.length - 2}].key`, msg: 'parameterDuplicate' },
      { field: `parameters[${list.length - 1}].key`, msg: 'parameterUnknown' },
      { field: 'parameters.billing.vatPercent', msg: 'parameterMissing' },
    ]);
  });

  it('has a number rule for every key of the catalogue whose default is a number', () => {
    // The rules live in @shelfscan/validation (the form's and this service's): a new numeric key
    // of the catalogue must get its rule there.
    for (const { key, value1 } of SYSTEM_PARAMETER_DEFAULTS) {
      if (/^\d+(\.\d+)?$/.test(value1)) expect([key, parameterInput(key)]).not.toEqual([key, 'text']);
    }
  });

  it('reads dunning days', () => {
    expect(dunningDays('28,1')).toEqual([1, 28]);
    expect(dunningDays('0')).toBeNull();
    expect(dunningDays('1;3')).toBeNull();
  });
});
