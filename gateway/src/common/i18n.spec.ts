import { formatMessage, messages, placeholdersOf, type MessageKey } from '@shelfscan/messages';
import { runWithLang, t } from './i18n.js';

describe('the gateway’s t(): the shared catalogue in the request language', () => {
  it('gives every key the catalogue’s text (the web app renders the same), in both languages', () => {
    for (const lang of ['tr', 'en'] as const) {
      for (const key of Object.keys(messages.en) as MessageKey[]) {
        const params = Object.fromEntries(placeholdersOf(messages.en[key]).map((p) => [p, `<${p}>`]));
        expect([lang, key, runWithLang(lang, () => t(key, params))]).toEqual([
          lang,
          key,
          formatMessage(lang, key, params),
        ]);
      }
    }
  });

  it('is Turkish by default and keeps a text that is not a key', () => {
    expect(runWithLang(undefined, () => t('noDeepPlan'))).toBe('Derin planınız yok.');
    expect(runWithLang('en-US,en;q=0.9', () => t('noDeepPlan'))).toBe('You do not have a Deep plan.');
    expect(runWithLang('en', () => t('no such key'))).toBe('no such key');
  });
});
