import { isMessageKey, messages, placeholdersOf } from '@shelfscan/messages';

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
