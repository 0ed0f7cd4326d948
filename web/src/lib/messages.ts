import { placeholdersOf } from '@shelfscan/messages';
import type { i18n as I18n } from 'i18next';
import { i18n } from './i18n';

/**
 * The shared catalogue's text of a code as the page has it (namespace `messages`, the page's language
 * with the market lists filled in: app/i18n.ts), or undefined when the catalogue has no such code.
 * Read from i18next, not from @shelfscan/messages, so that a page carries one language's catalogue.
 */
export function catalogueText(code: unknown): string | undefined {
  if (typeof code !== 'string' || code === '') return undefined;
  const text: unknown = i18n.getResource(i18n.language, 'messages', code);
  return typeof text === 'string' ? text : undefined;
}

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
  const text = catalogueText(code);
  if (text === undefined) return undefined;
  if (serverMessage && placeholdersOf(text).length > 0) return serverMessage;
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
