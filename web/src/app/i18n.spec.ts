import { i18n } from '../lib/i18n';
import { resourcesOf, switchLocale } from './i18n';

describe('i18n resources per locale (only the page’s locale is downloaded)', () => {
  it('a locale chunk holds that locale’s namespaces only', () => {
    const features = {
      '../features/auth/locales/tr.json': { title: 'Giriş' },
      '../features/auth/locales/en.json': { title: 'Login' },
    };
    const common = { './locales/tr.json': { ok: 'Tamam' }, './locales/en.json': { ok: 'OK' } };
    const tr = resourcesOf('tr', features, common);
    expect(tr.auth).toEqual({ title: 'Giriş' });
    expect(tr.common).toEqual({ ok: 'Tamam' });
    expect(Object.keys(tr).sort()).toEqual(['auth', 'common', 'messages']);
    expect(resourcesOf('en', features, common).auth).toEqual({ title: 'Login' });
  });

  it('the Turkish and English chunks hold every namespace, and of quick switches the last wins', async () => {
    const tr = (await import('./i18n-tr')).default;
    const en = (await import('./i18n-en')).default;
    expect(Object.keys(en).sort()).toEqual(Object.keys(tr).sort());
    expect(Object.keys(tr)).toEqual(expect.arrayContaining(['common', 'messages', 'auth', 'dashboard']));
    await Promise.all([switchLocale('en'), switchLocale('tr')]);
    expect(i18n.language).toBe('tr');
    await switchLocale('en');
    expect(i18n.language).toBe('en');
    await switchLocale('tr');
  });
});
