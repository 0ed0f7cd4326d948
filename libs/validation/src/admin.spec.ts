import { isMessageKey } from '@shelfscan/messages';
import type { z } from 'zod';
import {
  FORM_ONLY_MESSAGES,
  VALIDATION_MESSAGES,
  dunningDays,
  fieldErrors,
  grantPlanForm,
  grantPlanRequest,
  parameterInput,
  parameterProblem,
  promotionExpiryProblem,
  promotionForm,
  promotionRequest,
  reasonForm,
  refundForm,
  systemParametersForm,
  toMinor,
  userLookupForm,
} from './index.js';

const messages = (schema: z.ZodType, value: unknown) => {
  const { error } = schema.safeParse(value);
  return error ? fieldErrors(error).map((e) => [e.field, e.msg]) : [];
};

const TODAY = '2026-03-10';
const promotion = {
  code: 'SPRING-25',
  description: 'Spring',
  type: 'PERCENT',
  value: '25',
  minimumBasket: '',
  count: '100',
  expiryDate: '2026-03-31',
  active: true,
};

describe('admin form rules', () => {
  it('promotion: a valid one passes, numbers typed in number boxes too', () => {
    expect(messages(promotionForm(TODAY), promotion)).toEqual([]);
    expect(messages(promotionForm(TODAY), { ...promotion, value: 12.5, count: 3, minimumBasket: 0 })).toEqual(
      [],
    );
    // Usable through its expiry day: today is still allowed; no expiry at all too.
    expect(messages(promotionForm(TODAY), { ...promotion, expiryDate: TODAY })).toEqual([]);
    expect(messages(promotionForm(TODAY), { ...promotion, expiryDate: '' })).toEqual([]);
  });

  it('promotion: every problem at once, each with its own message', () => {
    expect(
      messages(promotionForm(TODAY), {
        code: 'a b',
        description: 'x'.repeat(501),
        type: 'FREE',
        value: '0',
        minimumBasket: '-1',
        count: '0',
        expiryDate: '2026-03-09',
        active: true,
      }),
    ).toEqual([
      ['code', 'promotionCodeInvalid'],
      ['description', 'tooLong'],
      ['type', 'promotionTypeInvalid'],
      ['value', 'promotionValueInvalid'],
      ['minimumBasket', 'minimumBasketInvalid'],
      ['count', 'promotionCountMin'],
      ['expiryDate', 'promotionExpiryPast'],
    ]);
    expect(messages(promotionForm(TODAY), { ...promotion, value: '100.5' })).toEqual([
      ['value', 'promotionPercentMax'],
    ]);
    // An AMOUNT may be above 100 (USD); a third decimal is not an amount.
    expect(messages(promotionForm(TODAY), { ...promotion, type: 'AMOUNT', value: '150' })).toEqual([]);
    expect(messages(promotionForm(TODAY), { ...promotion, value: '1.234' })).toEqual([
      ['value', 'amountInvalid'],
    ]);
    expect(messages(promotionForm(TODAY), { ...promotion, count: '1.5', expiryDate: '31.03.2026' })).toEqual([
      ['count', 'promotionCountMin'],
      ['expiryDate', 'dateInvalid'],
    ]);
  });

  it('promotion: an expiry the promotion already has may stay, even when past', () => {
    const expired = { ...promotion, expiryDate: '2026-03-01', active: false };
    expect(messages(promotionForm(TODAY, '2026-03-01'), expired)).toEqual([]);
    expect(messages(promotionForm(TODAY, '2026-03-02'), expired)).toEqual([
      ['expiryDate', 'promotionExpiryPast'],
    ]);
    expect(promotionExpiryProblem('2026-03-09', TODAY)).toBe('promotionExpiryPast');
    expect(promotionExpiryProblem(TODAY, TODAY)).toBeNull();
    expect(promotionExpiryProblem('', TODAY)).toBeNull();
  });

  it('promotion request (the gateway): the same rules, absent fields empty, count a number, no day check', () => {
    const body = { code: 'SPRING-25', type: 'PERCENT', value: '25', count: 5 };
    expect(promotionRequest.parse(body)).toEqual({
      ...body,
      description: '',
      minimumBasket: '',
      expiryDate: '',
    });
    expect(
      promotionRequest.parse({ ...body, description: null, expiryDate: '2000-01-01', active: false }),
    ).toEqual({ ...body, description: '', minimumBasket: '', expiryDate: '2000-01-01', active: false });
    expect(
      messages(promotionRequest, {
        code: 'a',
        type: 'PERCENT',
        value: '101',
        count: 0,
        minimumBasket: 'x',
        extra: 1,
      }),
    ).toEqual([
      ['code', 'promotionCodeInvalid'],
      ['minimumBasket', 'minimumBasketInvalid'],
      ['count', 'promotionCountMin'],
      ['extra', 'unknownField'],
      ['value', 'promotionPercentMax'],
    ]);
    expect(messages(promotionRequest, { ...body, value: '101' })).toEqual([['value', 'promotionPercentMax']]);
  });

  it('grant a plan: a feature, an end after today, a reason', () => {
    const form = grantPlanForm(TODAY);
    expect(
      messages(form, { features: ['deep'], periodEnd: '2026-04-01', reason: 'Support case 12' }),
    ).toEqual([]);
    expect(messages(form, { features: [], periodEnd: TODAY, reason: ' ' })).toEqual([
      ['features', 'featuresRequired'],
      ['periodEnd', 'periodEndPast'],
      ['reason', 'required'],
    ]);
    expect(messages(form, { features: ['gold'], periodEnd: '', reason: 'x' })).toEqual([
      ['features.0', 'featuresRequired'],
      ['periodEnd', 'dateInvalid'],
    ]);
    expect(messages(reasonForm, { reason: '' })).toEqual([['reason', 'required']]);
    // The gateway's body: the same rules; the day against today is billing's (its Clock).
    expect(messages(grantPlanRequest, { features: ['deep'], periodEnd: '2000-01-01', reason: 'x' })).toEqual(
      [],
    );
    expect(messages(grantPlanRequest, { features: [], periodEnd: '1.1.2030', reason: '', by: 'x' })).toEqual([
      ['features', 'featuresRequired'],
      ['periodEnd', 'dateInvalid'],
      ['reason', 'required'],
      ['by', 'unknownField'],
    ]);
  });

  it('refund: an optional amount above 0 and not above what is left', () => {
    expect(messages(refundForm(12_000), { reason: 'Double charge', amount: '' })).toEqual([]);
    expect(messages(refundForm(12_000), { reason: 'Double charge', amount: '120' })).toEqual([]);
    expect(messages(refundForm(12_000), { reason: 'x', amount: '120.01' })).toEqual([
      ['amount', 'refundAmountTooHigh'],
    ]);
    expect(messages(refundForm(null), { reason: 'x', amount: '99999' })).toEqual([]);
    expect(messages(refundForm(12_000), { reason: '', amount: '0' })).toEqual([
      ['reason', 'required'],
      ['amount', 'amountPositive'],
    ]);
    expect(messages(refundForm(12_000), { reason: 'x', amount: '1,5' })).toEqual([
      ['amount', 'amountInvalid'],
    ]);
    expect(toMinor('120.5')).toBe(12_050);
    expect(toMinor('0.07')).toBe(7);
    expect(toMinor('19.99')).toBe(1999);
  });

  it('user lookup: an email', () => {
    expect(messages(userLookupForm, { email: 'ayse@example' })).toEqual([['email', 'emailInvalid']]);
    expect(messages(userLookupForm, { email: ' ayse@example.com ' })).toEqual([]);
  });

  it('system parameters: value1 by key, as the admin service checks it', () => {
    expect(parameterProblem('search.standard.dailyLimit', '15')).toBeNull();
    expect(parameterProblem('search.standard.dailyLimit', '1.5')).toBe('parameterInteger');
    expect(parameterProblem('search.listLimit', 'many')).toBe('parameterInteger');
    expect(parameterProblem('billing.monthlyFeeUsd', '9.99')).toBeNull();
    expect(parameterProblem('billing.monthlyFeeUsd', '0')).toBe('parameterPositive');
    expect(parameterProblem('billing.monthlyFeeUsd', '9,99')).toBe('parameterNumber');
    expect(parameterProblem('billing.vatPercent', '100.5')).toBe('parameterPercent');
    expect(parameterProblem('billing.dunningDays', '7, 1,3')).toBeNull();
    expect(parameterProblem('billing.dunningDays', '1,1')).toBe('parameterDunningDays');
    expect(parameterProblem('billing.dunningDays', '29')).toBe('parameterDunningDays');
    expect(parameterProblem('billing.seller', ' ')).toBe('parameterRequired');
    expect(parameterProblem('contact.whatsapp', '0532')).toBe('parameterPhone');
    expect(parameterProblem('contact.whatsapp', '+905321234567')).toBeNull();
    expect(parameterProblem('contact.supportEmail', 'support')).toBe('parameterEmail');
    expect(parameterProblem('some.future.key', 'anything')).toBeNull();
    expect(dunningDays('7, 1,3')).toEqual([1, 3, 7]);
    expect(dunningDays('')).toBeNull();
    expect(parameterInput('search.deep.dailyLimit')).toBe('integer');
    expect(parameterInput('billing.vatPercent')).toBe('decimal');
    expect(parameterInput('contact.whatsapp')).toBe('text');
  });

  it('system parameters: the list names the item and field of each problem', () => {
    const item = (key: string, value1: string) => ({ key, description: '', value1, value2: '', value3: '' });
    expect(
      messages(systemParametersForm, {
        parameters: [
          item('search.standard.dailyLimit', '15'),
          item('search.deep.dailyLimit', 'five'),
          item('contact.whatsapp', '0532'),
        ],
      }),
    ).toEqual([
      ['parameters.1.value1', 'parameterInteger'],
      ['parameters.2.value1', 'parameterPhone'],
    ]);
  });

  it('every admin message is a declared key, once', () => {
    const all = [...VALIDATION_MESSAGES, ...FORM_ONLY_MESSAGES];
    expect(new Set(all).size).toBe(all.length);
    expect(FORM_ONLY_MESSAGES.filter((key) => !isMessageKey(key))).toEqual([]);
  });
});
