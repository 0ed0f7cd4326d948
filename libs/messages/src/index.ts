import { en } from './en.js';
import { tr } from './tr.js';

export type Lang = 'tr' | 'en';

/** A key of the message catalogue. */
export type MessageKey = keyof typeof en;

/** The catalogue: one text per key in each language (Turkish is the product's default). */
export const messages: Record<Lang, Record<MessageKey, string>> = { tr, en };

const keys: ReadonlySet<string> = new Set(Object.keys(en));

/** Whether a text is a key of the catalogue (a bus error's reason or message, a field rule's message). */
export function isMessageKey(text: unknown): text is MessageKey {
  return typeof text === 'string' && keys.has(text);
}

/** The placeholders of a text (`{{detail}}` → `detail`), in order of appearance. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!);
}

/**
 * The text of a key in a language with its placeholders filled (a missing value leaves nothing), as
 * i18next renders the same entry in the web app.
 */
export function formatMessage(lang: Lang, key: MessageKey, params: Record<string, string> = {}): string {
  return messages[lang][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
}
