import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, type Locale } from './locale';

export const i18n = i18next;

/** Initialises i18next with the namespaces given (app/i18n.ts: those of the page's locale; Turkish default). */
export function initI18n(resources: Resource, lng: Locale = DEFAULT_LOCALE) {
  if (i18n.isInitialized) {
    for (const [locale, namespaces] of Object.entries(resources)) {
      for (const [ns, bundle] of Object.entries(namespaces))
        i18n.addResourceBundle(locale, ns, bundle, true, true);
    }
    void i18n.changeLanguage(lng);
    return i18n;
  }
  void i18n.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: ['tr', 'en'],
    defaultNS: 'common',
    ns: Object.keys(resources[lng] ?? {}),
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return i18n;
}
