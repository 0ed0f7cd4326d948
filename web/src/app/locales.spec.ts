import { describe, expect, it } from 'vitest';

/** Every locale file of the app and its features, by folder: `{ tr, en }` of each namespace. */
const files = import.meta.glob<{ default: object }>(['./locales/*.json', '../features/*/locales/*.json'], {
  eager: true,
});
const namespaces = new Map<string, Partial<Record<'tr' | 'en', object>>>();
for (const [path, module] of Object.entries(files)) {
  const [, folder, lang] = /^(.*)\/(tr|en)\.json$/.exec(path) ?? [];
  if (!folder || !lang) continue;
  namespaces.set(folder, { ...namespaces.get(folder), [lang]: module.default });
}

/** Every key of a nested bundle, dotted, with its value. */
function entries(bundle: object, prefix = ''): [string, unknown][] {
  return Object.entries(bundle).flatMap(([key, value]) =>
    value && typeof value === 'object'
      ? entries(value as object, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}

describe('the texts of every namespace', () => {
  it('are found (the app and each feature)', () => {
    expect(namespaces.size).toBeGreaterThan(5);
  });

  it.each([...namespaces.keys()])('%s: the same keys in Turkish and English, none empty', (folder) => {
    const { tr, en } = namespaces.get(folder)!;
    expect([tr !== undefined, en !== undefined]).toEqual([true, true]);
    const keys = (bundle: object) =>
      entries(bundle)
        .map(([key]) => key)
        .sort();
    expect(keys(tr!)).toEqual(keys(en!));
    for (const [key, value] of [...entries(tr!), ...entries(en!)])
      expect([key, typeof value === 'string' && value.trim() !== '']).toEqual([key, true]);
  });
});
