import { describe, expect, it } from 'vitest';
import en from './en.json';
import tr from './tr.json';

/** Every key of a nested bundle, dotted. */
function keys(bundle: object, prefix = ''): string[] {
  return Object.entries(bundle).flatMap(([key, value]) =>
    value && typeof value === 'object' ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('tracker texts', () => {
  it('have the same keys in Turkish and English, none empty', () => {
    expect(keys(tr).sort()).toEqual(keys(en).sort());
    for (const bundle of [tr, en]) {
      for (const key of keys(bundle)) {
        const value = key
          .split('.')
          .reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], bundle);
        expect([key, typeof value === 'string' && value.trim() !== '']).toEqual([key, true]);
      }
    }
  });
});
