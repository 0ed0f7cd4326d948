/**
 * The app's texts, in three parts, each downloaded only when needed (docs/performance.md, first load):
 * - a chunk per locale (./i18n-tr.ts, ./i18n-en.ts) with `common` (./locales) and `messages`, the
 *   catalogue shared with the gateway (@shelfscan/messages), loaded before the first render;
 * - a chunk per feature and locale (src/features/<f>/locales/{tr,en}.json, namespace `<f>`), loaded
 *   with the feature's route (`withTexts`) or, for any other use, by i18next's backend the first time
 *   a component asks for the namespace (react-i18next suspends it until then).
 * A Turkish page never downloads English texts, nor a page the texts of features it does not show.
 */
import type { BackendModule, ReadCallback, ResourceKey, ResourceLanguage } from 'i18next';
import { isChunkLoadError, reloadForChunkError } from '../lib/errors';
import { i18n, initI18n } from '../lib/i18n';
import type { Locale } from '../lib/locale';
import { reloadPage } from '../lib/navigation';

type Bundle = Record<string, unknown>;

const localeChunks: Record<Locale, () => Promise<{ default: ResourceLanguage }>> = {
  tr: () => import('./i18n-tr'),
  en: () => import('./i18n-en'),
};

const featureFiles = import.meta.glob<Bundle>('../features/*/locales/*.json', { import: 'default' });

/** The namespace of every feature (its folder's name). */
export const FEATURE_NAMESPACES = [
  ...new Set(Object.keys(featureFiles).map((file) => /features\/([^/]+)\/locales\//.exec(file)![1])),
];

/** Downloads a namespace's texts in a locale: a feature's file, or `common`/`messages` of the locale chunk. */
async function textsOf(locale: string, namespace: string): Promise<Bundle> {
  const file = featureFiles[`../features/${namespace}/locales/${locale}.json`];
  if (file) return file();
  if (locale !== 'tr' && locale !== 'en') return {};
  const { default: bundles } = await localeChunks[locale]();
  return (bundles[namespace] as Bundle | undefined) ?? {};
}

/** i18next's backend: a namespace the store lacks is downloaded (a failed chunk reloads the page once). */
export const textsBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    textsOf(language, namespace).then(
      (bundle) => callback(null, bundle as ResourceKey),
      (error: unknown) => {
        if (isChunkLoadError(error)) reloadForChunkError(window.sessionStorage, reloadPage);
        callback(error as Error, false);
      },
    );
  },
};

/** Adds the texts of `namespaces` in `locale` to i18next, downloading those it does not have yet. */
export async function loadTexts(locale: Locale, namespaces: readonly string[]): Promise<void> {
  await Promise.all(
    namespaces
      .filter((ns) => !i18n.hasResourceBundle(locale, ns))
      .map(async (ns) => i18n.addResourceBundle(locale, ns, await textsOf(locale, ns), true, true)),
  );
}

/**
 * A lazy route's import with its feature namespaces downloaded alongside (the page's code and its
 * texts in parallel, not one after the other), in the current language.
 */
export function withTexts<M>(factory: () => Promise<M>, ...namespaces: string[]): () => Promise<M> {
  return () => Promise.all([factory(), i18n.loadNamespaces(namespaces)]).then(([module]) => module);
}

/** Adds a locale's `common` and `messages` to i18next, downloading its chunk the first time. */
export async function loadLocale(locale: Locale): Promise<void> {
  if (i18n.isInitialized && i18n.hasResourceBundle(locale, 'common')) return;
  const { default: namespaces } = await localeChunks[locale]();
  for (const [ns, bundle] of Object.entries(namespaces))
    i18n.addResourceBundle(locale, ns, bundle, true, true);
}

/** Starts i18next with the `common` and `messages` texts of `locale`; the features' come when used. */
export async function setupI18n(locale: Locale) {
  const { default: namespaces } = await localeChunks[locale]();
  // A copy: i18next keeps the object it is given as its store, and adds the features' texts to it.
  return initI18n({ [locale]: { ...namespaces } }, locale, textsBackend);
}

let wanted: Locale | undefined;

/**
 * Shows the app in `locale`: at once when its texts are loaded (as the layout renders), otherwise once
 * they are (the locale chunk and every feature namespace used so far); of quick successive switches the last wins.
 */
export async function switchLocale(locale: Locale): Promise<void> {
  wanted = locale;
  const used = new Set(Object.values(i18n.store.data).flatMap((bundles) => Object.keys(bundles)));
  await loadLocale(locale);
  await loadTexts(
    locale,
    FEATURE_NAMESPACES.filter((ns) => used.has(ns)),
  );
  if (wanted === locale && i18n.language !== locale) await i18n.changeLanguage(locale);
}
