import { marketCodesFor, marketNames, SOLD_MARKETS } from '@shelfscan/markets';
import { en } from './en.js';
import { tr } from './tr.js';

// Each language's catalogue on its own too: a web page loads one (with `withMarkets`), not both.
export { en, tr };

export type Lang = 'tr' | 'en';

/** A key of the message catalogue. */
export type MessageKey = keyof typeof en;

/** The catalogue: one text per key in each language (Turkish is the product's default). */
export const messages: Record<Lang, Record<MessageKey, string>> = { tr, en };

// Made on first use: a module-level set of en's keys would keep the English texts in a web bundle
// that only needs `tr` and `withMarkets`.
let keys: ReadonlySet<string> | undefined;

/** Whether a text is a key of the catalogue (a bus error's reason or message, a field rule's message). */
export function isMessageKey(text: unknown): text is MessageKey {
  keys ??= new Set(Object.keys(en));
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
  // The market lists always say what the market table says (as the web's messagesFor fills them).
  const values = { ...params, ...marketParams(lang) };
  return messages[lang][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

/**
 * The catalogue of a language with the market lists filled in (the other placeholders kept), as the
 * web app loads it: every text that names markets says what the market table says.
 */
export function messagesFor(lang: Lang): Record<MessageKey, string> {
  return withMarkets(lang, messages[lang]);
}

/** `messagesFor` of a catalogue given (`tr` or `en`), so that a bundle can hold one language only. */
export function withMarkets<K extends string>(lang: Lang, catalogue: Record<K, string>): Record<K, string> {
  const markets = marketParams(lang);
  const filled = (text: string) =>
    text.replace(/\{\{(\w+)\}\}/g, (all, name: string) => markets[name] ?? all);
  return Object.fromEntries(
    Object.entries<string>(catalogue).map(([key, text]) => [key, filled(text)]),
  ) as Record<K, string>;
}

const marketLists = new Map<string, Record<string, string>>();

/**
 * The market lists some texts name, from the one market table (@shelfscan/markets) in a language:
 * `{{markets}}` (the codes), `{{domains}}`, `{{deepMarkets}}` and `{{functionalMarkets}}` (`marketNames`). The gateway and the web fill them alike.
 */
function marketParams(lang: string): Record<string, string> {
  let params = marketLists.get(lang);
  if (!params) {
    params = {
      markets: SOLD_MARKETS.map((m) => m.code).join(', '),
      domains: SOLD_MARKETS.map((m) => m.domain).join(', '),
      deepMarkets: marketNames(marketCodesFor('deep'), lang),
      functionalMarkets: marketNames(marketCodesFor('functional'), lang),
    };
    marketLists.set(lang, params);
  }
  return params;
}
