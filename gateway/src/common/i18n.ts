import { AsyncLocalStorage } from 'node:async_hooks';
import { formatMessage, isMessageKey, type Lang } from '@shelfscan/messages';

export type { Lang } from '@shelfscan/messages';

const langStore = new AsyncLocalStorage<Lang>();

/** The caller's language (Accept-Language: tr or en; Turkish by default), for messages the gateway writes. */
export function runWithLang<T>(acceptLanguage: string | undefined, fn: () => T): T {
  const lang: Lang = /^\s*en\b/i.test(acceptLanguage ?? '') ? 'en' : 'tr';
  return langStore.run(lang, fn);
}

export function currentLang(): Lang {
  return langStore.getStore() ?? 'tr';
}

/** Translates a key of the shared catalogue into the request language; any other text is returned as it is. */
export function t(keyOrText: string, params: Record<string, string> = {}): string {
  return isMessageKey(keyOrText) ? formatMessage(currentLang(), keyOrText, params) : keyOrText;
}
