import { i18n } from '../lib/i18n';
import { FEATURE_NAMESPACES, switchLocale, textsBackend, withTexts } from './i18n';

/** The backend's answer for a namespace in a locale. */
const read = (locale: string, namespace: string) =>
  new Promise<unknown>((resolve, reject) =>
    textsBackend.read(locale, namespace, (error, bundle) => (error ? reject(error) : resolve(bundle))),
  );

describe('i18n texts per locale and feature (only what the page shows is downloaded)', () => {
  it('a locale chunk holds that locale’s common texts and message catalogue only', async () => {
    const tr = (await import('./i18n-tr')).default;
    const en = (await import('./i18n-en')).default;
    expect(Object.keys(tr).sort()).toEqual(['common', 'messages']);
    expect(Object.keys(en).sort()).toEqual(['common', 'messages']);
    expect(tr.common).toEqual((await import('./locales/tr.json')).default);
    expect(en.messages).not.toEqual(tr.messages);
  });

  it('each feature’s texts are a namespace of their own, read from its locale file', async () => {
    expect(FEATURE_NAMESPACES).toEqual(expect.arrayContaining(['auth', 'dashboard', 'landing', 'admin']));
    expect(FEATURE_NAMESPACES).not.toContain('common');
    expect(await read('en', 'auth')).toEqual((await import('../features/auth/locales/en.json')).default);
    expect(await read('tr', 'dashboard')).toEqual(
      (await import('../features/dashboard/locales/tr.json')).default,
    );
    expect(await read('tr', 'common')).toEqual((await import('./locales/tr.json')).default);
    expect(await read('tr', 'nothing')).toEqual({});
  });

  it('a route’s module comes with its feature’s texts', async () => {
    const load = withTexts(() => Promise.resolve({ page: 'module' }), 'legal');
    i18n.removeResourceBundle('tr', 'legal');
    expect(i18n.hasResourceBundle('tr', 'legal')).toBe(false);
    await expect(load()).resolves.toEqual({ page: 'module' });
    expect(i18n.hasResourceBundle('tr', 'legal')).toBe(true);
  });

  it('of quick switches the last wins, with the feature texts in use loaded first', async () => {
    i18n.removeResourceBundle('en', 'landing');
    await Promise.all([switchLocale('en'), switchLocale('tr')]);
    expect(i18n.language).toBe('tr');
    await switchLocale('en');
    expect(i18n.language).toBe('en');
    expect(i18n.hasResourceBundle('en', 'landing')).toBe(true);
    await switchLocale('tr');
  });
});
