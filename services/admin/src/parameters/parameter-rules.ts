import type { Violation } from '@shelfscan/bus';
import { SYSTEM_PARAMETER_DEFAULTS, type SystemParameterValue } from '@shelfscan/service';

const E164 = /^\+[1-9]\d{7,14}$/;
// The same shape the gateway accepts for registration emails: something@something.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DECIMAL = /^\d+(\.\d+)?$/;
const INTEGER = /^\d+$/;

/** Numeric parameters that may have decimals (the others with a number default are whole numbers). */
const DECIMAL_KEYS = new Set(['billing.monthlyFeeUsd', 'billing.vatPercent']);

/** Per-key rules beyond the catalogue's shape (a number default means value1 is a number). */
const RULES: Record<string, (v: SystemParameterValue) => Violation[]> = {
  'billing.vatPercent': (v) => (Number(v.value1) > 100 ? [{ field: 'value1', msg: 'parameterPercent' }] : []),
  'billing.monthlyFeeUsd': (v) =>
    Number(v.value1) <= 0 ? [{ field: 'value1', msg: 'parameterPositive' }] : [],
  'billing.dunningDays': (v) =>
    dunningDays(v.value1) ? [] : [{ field: 'value1', msg: 'parameterDunningDays' }],
  'billing.seller': (v) => (v.value1.trim() ? [] : [{ field: 'value1', msg: 'parameterRequired' }]),
  'contact.whatsapp': (v) => (E164.test(v.value1) ? [] : [{ field: 'value1', msg: 'parameterPhone' }]),
  'contact.supportEmail': (v) => (EMAIL.test(v.value1) ? [] : [{ field: 'value1', msg: 'parameterEmail' }]),
};

/** "1,3,7": distinct days of the month 1–28, comma-separated; the days in order, or null. */
export function dunningDays(text: string): number[] | null {
  const parts = text.split(',').map((p) => p.trim());
  if (!parts.length || parts.some((p) => !INTEGER.test(p))) return null;
  const days = parts.map(Number);
  if (days.some((d) => d < 1 || d > 28) || new Set(days).size !== days.length) return null;
  return days.sort((a, b) => a - b);
}

/**
 * Checks the whole list an admin saves: every key of the catalogue exactly once, no other key,
 * values by key. Violations name the item and field (`parameters[3].value1`), with message keys the
 * gateway translates. Answers the list trimmed, in the catalogue's order.
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
    const own: Violation[] = [];
    if (DECIMAL.test(known.value1)) {
      const integer = !DECIMAL_KEYS.has(v.key);
      if (!(integer ? INTEGER : DECIMAL).test(v.value1)) {
        own.push({ field: 'value1', msg: integer ? 'parameterInteger' : 'parameterNumber' });
      }
    }
    if (!own.length) own.push(...(RULES[v.key]?.(v) ?? []));
    violations.push(...own.map((o) => ({ field: at(o.field), msg: o.msg })));
    if (v.key === 'billing.dunningDays' && !own.length) v.value1 = dunningDays(v.value1)!.join(',');
    values.push(v);
  });
  SYSTEM_PARAMETER_DEFAULTS.forEach((d) => {
    if (!seen.has(d.key)) violations.push({ field: `parameters.${d.key}`, msg: 'parameterMissing' });
  });
  const order = new Map(SYSTEM_PARAMETER_DEFAULTS.map((d, i) => [d.key, i]));
  values.sort((a, b) => order.get(a.key)! - order.get(b.key)!);
  return { values, violations };
}
