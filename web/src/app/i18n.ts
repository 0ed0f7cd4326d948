/**
 * Collects one namespace per feature (src/features/<f>/locales/{tr,en}.json), `common`, and `messages`:
 * the catalogue shared with the gateway (@shelfscan/messages), for the codes and field messages servers answer with.
 */
import { messagesFor } from '@shelfscan/messages';
import type { Resource } from 'i18next';
import { initI18n } from '../lib/i18n';
import type { Locale } from '../lib/locale';

const featureLocales = import.meta.glob<Record<string, unknown>>('../features/*/locales/*.json', {
  eager: true,
  import: 'default',
});
const commonLocales = import.meta.glob<Record<string, unknown>>('./locales/*.json', {
  eager: true,
  import: 'default',
});

export function buildResources(): Resource {
  const resources: Resource = { tr: { messages: messagesFor('tr') }, en: { messages: messagesFor('en') } };
  for (const [file, bundle] of Object.entries(featureLocales)) {
    const match = /features\/([^/]+)\/locales\/(tr|en)\.json$/.exec(file);
    if (match) resources[match[2]][match[1]] = bundle as Resource[string][string];
  }
  for (const [file, bundle] of Object.entries(commonLocales)) {
    const match = /locales\/(tr|en)\.json$/.exec(file);
    if (match) resources[match[1]].common = bundle as Resource[string][string];
  }
  return resources;
}

export function setupI18n(locale: Locale) {
  return initI18n(buildResources(), locale);
}
