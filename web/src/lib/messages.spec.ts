import { formatMessage, messages, placeholdersOf, type MessageKey } from '@shelfscan/messages';
import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { codeText } from './messages';

describe('the shared message catalogue in the web app', () => {
  it('resolves every key to the text the gateway answers with, in both languages', () => {
    for (const lng of ['tr', 'en'] as const) {
      const t = i18n.getFixedT(lng);
      for (const key of Object.keys(messages.en) as MessageKey[]) {
        const params = Object.fromEntries(placeholdersOf(messages.en[key]).map((p) => [p, `<${p}>`]));
        expect([lng, key, t(`messages:${key}`, params)]).toEqual([lng, key, formatMessage(lng, key, params)]);
      }
    }
  });

  it('words a known code from the catalogue, and one with a detail by the server’s own text', () => {
    const t = (key: string) => i18n.getFixedT('tr')(key);
    expect(codeText(t, 'noDeepPlan', 'You have no Deep plan.')).toBe('Derin planınız yok.');
    expect(codeText(t, 'paymentFailed', 'Ödeme başarısız: kart reddedildi')).toBe(
      'Ödeme başarısız: kart reddedildi',
    );
    expect(codeText(t, 'someUnknownCode', 'x')).toBeUndefined();
  });
});
