import { formatMessage, messages, placeholdersOf, type MessageKey } from '@shelfscan/messages';
import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { codeText, reasonText } from './messages';

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

  it('words a reason by the catalogue, then the feature’s codes, then the common codes', async () => {
    await i18n.changeLanguage('en');
    expect(reasonText(i18n, 'noDeepPlan', 'payment')).toBe('You do not have a Deep plan.');
    expect(reasonText(i18n, 'paymentFailed', 'payment', 'Payment failed: card declined')).toBe(
      'Payment failed: card declined',
    );
    expect(reasonText(i18n, 'threeDsFailed', 'payment')).toBe(
      'The 3-D Secure confirmation failed, so nothing was charged.',
    );
    expect(reasonText(i18n, 'threeDsFailed', 'account')).toBeUndefined();
    expect(reasonText(i18n, 'logoutFailed', 'payment')).toBe('Logout failed.');
    expect(reasonText(i18n, 'someUnknownCode', 'payment')).toBeUndefined();
    expect(reasonText(i18n, undefined, 'payment')).toBeUndefined();
    await i18n.changeLanguage('tr');
  });
});
