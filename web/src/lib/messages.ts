import { isMessageKey, messages, placeholdersOf } from '@shelfscan/messages';
import type { i18n as I18n } from 'i18next';

/**
 * The text of a code a server answered with, from the shared catalogue (namespace `messages`), or
 * undefined when the catalogue has no such code. A text that needs the server's detail (the bank's
 * answer in "Payment failed: {{detail}}") is the server's own message, which the gateway already
 * wrote from the same catalogue in the request language.
 */
export function codeText(
  t: (key: string) => string,
  code: string | undefined,
  serverMessage?: string,
): string | undefined {
  if (!isMessageKey(code)) return undefined;
  if (serverMessage && placeholdersOf(messages.en[code]).length > 0) return serverMessage;
  return t(`messages:${code}`);
}

/**
 * The text of a reason code on a page: the shared catalogue's (`codeText`), else a wording only the
 * web has, the feature's `<namespace>:codes.<code>` then `common:codes.<code>`; undefined when none
 * words it (the caller then shows its own fallback).
 */
export function reasonText(
  i18n: Pick<I18n, 'exists' | 't'>,
  code: string | undefined,
  namespace: string,
  serverMessage?: string,
): string | undefined {
  const known = codeText((key) => i18n.t(key), code, serverMessage);
  if (known !== undefined || !code) return known;
  const key = [`${namespace}:codes.${code}`, `common:codes.${code}`].find((k) => i18n.exists(k));
  return key === undefined ? undefined : i18n.t(key);
}
