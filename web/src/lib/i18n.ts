import i18next, { type BackendModule, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, type Locale } from './locale';

export const i18n = i18next;

/**
 * Initialises i18next with the namespaces given (app/i18n.ts: `common` and `messages` of the page's
 * locale; Turkish default) and the backend that downloads the others when they are first used.
 */
export function initI18n(resources: Resource, lng: Locale = DEFAULT_LOCALE, backend?: BackendModule) {
  if (i18n.isInitialized) {
    for (const [locale, namespaces] of Object.entries(resources)) {
      for (const [ns, bundle] of Object.entries(namespaces))
        i18n.addResourceBundle(locale, ns, bundle, true, true);
    }
    void i18n.changeLanguage(lng);
    return i18n;
  }
  if (backend) i18n.use(backend);
  void i18n.use(initReactI18next).init({
    resources,
    // The other namespaces come from the backend, in the page's language only: each locale has
    // every key (app/locales.spec.ts), and a fallback would download the Turkish texts of an
    // English page too.
    partialBundledLanguages: true,
    lng,
    fallbackLng: false,
    supportedLngs: ['tr', 'en'],
    defaultNS: 'common',
    ns: Object.keys(resources[lng] ?? {}),
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return i18n;
}
