import { formatMessage, isMessageKey, messages, placeholdersOf } from './index';

describe('the message catalogue', () => {
  it('has every key in both languages, none empty, with the same placeholders', () => {
    const en = Object.keys(messages.en).sort();
    expect(Object.keys(messages.tr).sort()).toEqual(en);
    for (const key of en as (keyof typeof messages.en)[]) {
      expect(messages.tr[key].trim()).not.toBe('');
      expect(messages.en[key].trim()).not.toBe('');
      expect({ key, placeholders: placeholdersOf(messages.tr[key]).sort() }).toEqual({
        key,
        placeholders: placeholdersOf(messages.en[key]).sort(),
      });
    }
  });

  it('writes placeholders only as {{name}}', () => {
    for (const lang of ['tr', 'en'] as const)
      for (const [key, text] of Object.entries(messages[lang]))
        expect({ key, text: text.replace(/\{\{\w+\}\}/g, '') }).not.toEqual({
          key,
          text: expect.stringMatching(/[{}]/),
        });
  });

  it('fills placeholders and knows its keys', () => {
    expect(formatMessage('tr', 'paymentFailed', { detail: 'kart reddedildi' })).toBe(
      'Ödeme başarısız: kart reddedildi',
    );
    expect(formatMessage('en', 'paymentFailed')).toBe('Payment failed: ');
    expect(isMessageKey('noDeepPlan')).toBe(true);
    expect(isMessageKey('Daily search limit exceeded.')).toBe(false);
  });
});
