import type { Violation } from '@shelfscan/bus';
import { SYSTEM_PARAMETER_DEFAULTS, type SystemParameterValue } from '@shelfscan/service';
import { dunningDays, parameterProblem } from '@shelfscan/validation';

/**
 * Checks the whole list an admin saves: every key of the catalogue exactly once, no other key, and
 * each value1 by its key with the rules the admin form applies (`parameterProblem` of
 * @shelfscan/validation, the one place of them). Violations name the item and field
 * (`parameters[3].value1`), with message keys the gateway translates. Answers the list trimmed
 * (the dunning days sorted), in the catalogue's order.
 */
export function validateParameters(items: readonly SystemParameterValue[]): {
  values: SystemParameterValue[];
  violations: Violation[];
} {
  const violations: Violation[] = [];
  const seen = new Map<string, number>();
  const values: SystemParameterValue[] = [];
  items.forEach((raw, i) => {
    const at = (field: string) => `parameters[${i}].${field}`;
    const v: SystemParameterValue = {
      key: raw.key.trim(),
      description: raw.description.trim(),
      value1: raw.value1.trim(),
      value2: raw.value2.trim(),
      value3: raw.value3.trim(),
    };
    const known = SYSTEM_PARAMETER_DEFAULTS.find((d) => d.key === v.key);
    if (!known) {
      violations.push({ field: at('key'), msg: 'parameterUnknown' });
      return;
    }
    if (seen.has(v.key)) {
      violations.push({ field: at('key'), msg: 'parameterDuplicate' });
      return;
    }
    seen.set(v.key, i);
    if (!v.description) v.description = known.description;
    const problem = parameterProblem(v.key, v.value1);
    if (problem) violations.push({ field: at('value1'), msg: problem });
    else if (v.key === 'billing.dunningDays') v.value1 = dunningDays(v.value1)!.join(',');
    values.push(v);
  });
  SYSTEM_PARAMETER_DEFAULTS.forEach((d) => {
    if (!seen.has(d.key)) violations.push({ field: `parameters.${d.key}`, msg: 'parameterMissing' });
  });
  const order = new Map(SYSTEM_PARAMETER_DEFAULTS.map((d, i) => [d.key, i]));
  values.sort((a, b) => order.get(a.key)! - order.get(b.key)!);
  return { values, violations };
}
