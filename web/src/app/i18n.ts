/**
 * Collects one namespace per feature (src/features/<f>/locales/{tr,en}.json), `common`, and `messages`:
 * the catalogue shared with the gateway (@shelfscan/messages), for the codes and field messages servers answer with.
 * Each locale is one chunk (./i18n-tr.ts, ./i18n-en.ts), loaded when a page of that locale is shown:
 * a Turkish page never downloads the English texts (docs/performance.md, first load).
 */
import { messagesFor } from '@shelfscan/messages';
import type { ResourceLanguage } from 'i18next';
import { i18n, initI18n } from '../lib/i18n';
import type { Locale } from '../lib/locale';

type Bundles = Record<string, Record<string, unknown>>;

/** A locale's namespaces from its feature and common JSON files (import.meta.glob of one locale). */
export function resourcesOf(locale: Locale, features: Bundles, common: Bundles): ResourceLanguage {
  const resources: ResourceLanguage = { messages: messagesFor(locale) };
  for (const [file, bundle] of Object.entries(features)) {
    const match = /features\/([^/]+)\/locales\/(tr|en)\.json$/.exec(file);
    if (match?.[2] === locale) resources[match[1]] = bundle as ResourceLanguage[string];
  }
  for (const [file, bundle] of Object.entries(common)) {
    if (file.endsWith(`/${locale}.json`)) resources.common = bundle as ResourceLanguage[string];
  }
  return resources;
}

const chunks: Record<Locale, () => Promise<{ default: ResourceLanguage }>> = {
  tr: () => import('./i18n-tr'),
  en: () => import('./i18n-en'),
};

/** Adds a locale's namespaces to i18next, downloading its chunk the first time. */
export async function loadLocale(locale: Locale): Promise<void> {
  if (i18n.isInitialized && i18n.hasResourceBundle(locale, 'common')) return;
  const { default: namespaces } = await chunks[locale]();
  for (const [ns, bundle] of Object.entries(namespaces))
    i18n.addResourceBundle(locale, ns, bundle, true, true);
}

/** Starts i18next with the texts of `locale` only. */
export async function setupI18n(locale: Locale) {
  const { default: namespaces } = await chunks[locale]();
  return initI18n({ [locale]: namespaces }, locale);
}

let wanted: Locale | undefined;

/**
 * Shows the app in `locale`: at once when its texts are loaded (as the layout renders), otherwise once
 * its chunk is; of quick successive switches the last wins.
 */
export async function switchLocale(locale: Locale): Promise<void> {
  wanted = locale;
  if (!i18n.hasResourceBundle(locale, 'common')) await loadLocale(locale);
  if (wanted === locale && i18n.language !== locale) await i18n.changeLanguage(locale);
}
