import { isMessageKey } from '@shelfscan/messages';
import {
  functionalFilters,
  asinCheckForm,
  FORM_ONLY_MESSAGES,
  asinList,
  asin,
  cardExpired,
  cardForm,
  email,
  fieldErrors,
  fullExpiryYear,
  functionalScanForm,
  luhnValid,
  phoneProblem,
  registerForm,
  registerRequest,
  smsPhoneAllowed,
  storeScanForm,
  toE164,
  VALIDATION_MESSAGES,
} from './index.js';
import type { z } from 'zod';

/** The first problem of each field, as the gateway and @mantine/form show it. */
const messages = (schema: z.ZodType, value: unknown) => {
  const { error } = schema.safeParse(value);
  return error ? fieldErrors(error).map((e) => [e.field, e.msg]) : [];
};

describe('shared field rules', () => {
  it('phone: E.164 with Türkiye as the default region, fewer than 10 digits first', () => {
    expect(toE164('0532 123 45 67')).toBe('+905321234567');
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
    expect(toE164('1234567890123456')).toBeNull();
    expect(phoneProblem('+90 532')).toBe('phoneMin');
    expect(phoneProblem('0532 123 45 67 ext')).toBe('phoneInvalid');
    expect(phoneProblem('(0532) 123-45-67')).toBeNull();
  });

  it('SMS: only numbers of Turkey and of the sold markets’ countries (by numbering plan, not only +1)', () => {
    for (const ok of [
      '+905321234567',
      '+14162345678',
      '+525512345678',
      '+971501234567',
      '+447400123456',
      '+61412345678',
      '+6581234567',
    ])
      expect([ok, smsPhoneAllowed(ok)]).toEqual([ok, true]);
    // +1 900: a US premium-rate number; +1 415 the US (a market ShelfScan does not sell); +1 876 Jamaica.
    for (const refused of ['+19002345678', '+14155552671', '+18762345678', '+4915112345678', '+88212345678'])
      expect([refused, smsPhoneAllowed(refused)]).toEqual([refused, false]);
  });

  it('register form: every problem at once, the confirmation checked even when others fail', () => {
    expect(
      messages(registerForm, {
        firstName: 'A1',
        lastName: '',
        email: '',
        phone: '123',
        password: '123',
        confirmPassword: '1234',
        terms: false,
      }),
    ).toEqual([
      ['firstName', 'nameInvalid'],
      ['lastName', 'surnameInvalid'],
      ['email', 'emailInvalid'],
      ['phone', 'phoneMin'],
      ['password', 'passwordMin'],
      ['terms', 'terms'],
      ['confirmPassword', 'confirmPassword'],
    ]);
  });

  it('email: a value past 254 characters stops at its length check, never reaching the pattern', () => {
    // 2 MB (the body limit) of dotted labels: the pattern alone takes ~170 ms on it.
    const huge = 'a@' + 'b.'.repeat(1_000_000) + 'c';
    expect(email.safeParse(huge).error!.issues.map((i) => i.code)).toEqual(['too_big']);
    expect(email.safeParse('a@b').error!.issues.map((i) => i.code)).toEqual(['invalid_format']);
  });

  it('API payloads are strict: an unknown field is named', () => {
    const result = registerRequest.safeParse({
      firstName: 'Ayşe',
      lastName: 'Yılmaz',
      email: 'a@b.co',
      password: 'secret1',
      role: 'admin',
    });
    expect(fieldErrors(result.error!)).toEqual([{ field: 'role', msg: 'unknownField' }]);
  });

  it('ASIN: exactly 10 letters or digits, uppercased; a list splits on commas, line breaks and spaces', () => {
    expect(asin.parse(' b0abcdefgh ')).toBe('B0ABCDEFGH');
    expect(messages(asin, 'B0ABCDEFG')).toEqual([['', 'asinInvalid']]);
    expect(messages(asin, 'B0ABCDEFG-')).toEqual([['', 'asinInvalid']]);
    expect(asinList(3).parse('b0abcdefgh, B0ABCDEFGI\nB0ABCDEFGJ')).toEqual([
      'B0ABCDEFGH',
      'B0ABCDEFGI',
      'B0ABCDEFGJ',
    ]);
    expect(messages(asinList(2), 'B0ABCDEFGH B0ABCDEFGI B0ABCDEFGJ')).toEqual([['', 'asinTooMany']]);
    expect(messages(asinList(2), 'B0ABCDEFGH short')).toEqual([['1', 'asinInvalid']]);
    expect(messages(asinList(2), ' , ')).toEqual([['', 'required']]);
  });

  it('cards: Luhn, month 1–12, two-digit year with the 20 prefix, expiry against the given day', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(fullExpiryYear('29')).toBe(2029);
    const today = new Date('2026-11-23T12:00:00Z');
    expect(cardExpired('11', '26', today)).toBe(false);
    expect(cardExpired('10', '26', today)).toBe(true);
    expect(cardExpired('1', '25', today)).toBe(true);
    const valid = {
      cardHolder: 'John A. Smith',
      cardNumber: '4111 1111 1111 1111',
      expiryMonth: '07',
      expiryYear: '29',
      cvc: '123',
      address: 'Bağdat Cd. 1',
      contactName: 'John Smith',
      zip: '34710',
      city: 'Kadıköy',
      country: 'TR',
      region: '34',
    };
    expect(cardForm(today).parse(valid).cardNumber).toBe('4111111111111111');
    expect(
      messages(cardForm(today), {
        ...valid,
        cardHolder: '',
        cardNumber: '4111 1111 1111 1112',
        expiryMonth: '13',
        cvc: '12',
        address: ' ',
        zip: '',
        contactName: '',
        city: 'x'.repeat(101),
        country: 'Türkiye',
      }),
    ).toEqual([
      ['cardHolder', 'required'],
      ['cardNumber', 'cardNumberInvalid'],
      ['expiryMonth', 'expiryMonthInvalid'],
      ['cvc', 'cvcInvalid'],
      ['contactName', 'required'],
      ['address', 'required'],
      ['zip', 'required'],
      ['city', 'tooLong'],
      ['country', 'required'],
    ]);
    // TR, US and the UK (GB) need a region of their list; other countries none.
    expect(messages(cardForm(today), { ...valid, region: '' })).toEqual([['region', 'required']]);
    expect(messages(cardForm(today), { ...valid, region: 'CA' })).toEqual([['region', 'required']]);
    expect(messages(cardForm(today), { ...valid, country: 'US', region: 'CA' })).toEqual([]);
    expect(messages(cardForm(today), { ...valid, country: 'GB', region: '' })).toEqual([
      ['region', 'required'],
    ]);
    expect(messages(cardForm(today), { ...valid, country: 'DE', region: '' })).toEqual([]);
    expect(messages(cardForm(today), { ...valid, expiryMonth: '10', expiryYear: '26' })).toEqual([
      ['expiryYear', 'cardExpired'],
    ]);
    expect(messages(cardForm(today), { ...valid, expiryYear: '2029' })).toEqual([
      ['expiryYear', 'expiryYearInvalid'],
    ]);
  });

  it('scan form: file name, store link and market required ("this is required"); the link a store of the market', () => {
    const form = storeScanForm('standard');
    const valid = {
      fileName: 'shop',
      storeUrl: 'https://www.amazon.ca/s?me=A2DP2EEPU3VU45',
      market: 'CA',
      categories: [],
    };
    expect(messages(form, { fileName: '', storeUrl: '', market: '', categories: [] })).toEqual([
      ['fileName', 'required'],
      ['storeUrl', 'required'],
      ['market', 'required'],
    ]);
    expect(messages(form, { ...valid, storeUrl: 'amazon' })).toEqual([['storeUrl', 'storeUrlNotAUrl']]);
    expect(messages(form, { ...valid, storeUrl: 'javascript:alert(1)' })).toEqual([
      ['storeUrl', 'storeUrlNotAUrl'],
    ]);
    expect(messages(form, { ...valid, market: 'UK' })).toEqual([['storeUrl', 'storeUrlWrongMarket']]);
    expect(
      messages(storeScanForm('deep'), {
        ...valid,
        market: 'AU',
        storeUrl: 'amazon.com.au/s?me=A2DP2EEPU3VU45',
      }),
    ).toEqual([['market', 'deepNotInMarket']]);
    expect(
      form.parse({
        ...valid,
        fileName: ' shop ',
        market: 'uk',
        storeUrl: 'www.amazon.co.uk/s?me=A2DP2EEPU3VU45',
        keyword: '',
      }),
    ).toEqual({
      ...valid,
      market: 'UK',
      storeUrl: 'www.amazon.co.uk/s?me=A2DP2EEPU3VU45',
      keyword: '',
    });
  });

  it('functional filters as the contracts carry them: a filter not set is absent, never null', () => {
    const filters = functionalFilters({
      amazonChoice: false,
      minStar: 0,
      maxStar: null,
      minPrice: null,
      maxPrice: 12.5,
    });
    expect(filters).toEqual({ amazonChoice: false, minStar: 0, maxPrice: 12.5 });
    expect(
      Object.entries(filters)
        .filter(([, v]) => v !== undefined)
        .map(([k]) => k),
    ).toEqual(['amazonChoice', 'minStar', 'maxPrice']);
  });

  it('functional scan: stars 0–5, prices ≥ 0, empty bounds allowed, min not above max', () => {
    const valid = {
      fileName: 'shop',
      storeUrl: 'https://www.amazon.ca/s?me=A2DP2EEPU3VU45',
      market: 'CA',
      categories: [],
      amazonChoice: true,
      bestSeller: false,
      minStar: '',
      maxStar: 4.5,
      minPrice: 0,
      maxPrice: '',
    };
    expect(functionalScanForm.parse(valid)).toMatchObject({ minStar: null, maxStar: 4.5, maxPrice: null });
    expect(messages(functionalScanForm, { ...valid, market: '', minStar: 6, minPrice: -1 })).toEqual([
      ['market', 'required'],
      ['minStar', 'starRange'],
      ['minPrice', 'priceInvalid'],
    ]);
    expect(
      messages(functionalScanForm, { ...valid, minStar: 4, maxStar: 3, minPrice: 20, maxPrice: 10 }),
    ).toEqual([
      ['maxStar', 'rangeInvalid'],
      ['maxPrice', 'rangeInvalid'],
    ]);
    expect(
      messages(functionalScanForm, { ...valid, minStar: 3, maxStar: 3, minPrice: 10, maxPrice: 10 }),
    ).toEqual([]);
  });

  it('ASIN check form: one message on the text for a wrong or a too long list', () => {
    const form = asinCheckForm(2);
    expect(messages(form, { fileName: 'list', market: 'UK', asins: 'B0ABCDEFGH,B0ABCDEFGI' })).toEqual([]);
    expect(messages(form, { fileName: '', market: 'UK', asins: 'B0ABCDEFGH B0SHORT' })).toEqual([
      ['fileName', 'required'],
      ['asins', 'asinInvalid'],
    ]);
    expect(
      messages(form, { fileName: 'x', market: 'UK', asins: 'B0ABCDEFGH B0ABCDEFGI\nB0ABCDEFGJ' }),
    ).toEqual([['asins', 'asinTooMany']]);
    expect(messages(form, { fileName: 'x', market: 'UK', asins: '' })).toEqual([['asins', 'required']]);
  });

  it('every message a rule gives is a declared key of the catalogue', () => {
    expect(isMessageKey('nameInvalid')).toBe(true);
    expect(isMessageKey('Ad geçersiz.')).toBe(false);
    expect(new Set(VALIDATION_MESSAGES).size).toBe(VALIDATION_MESSAGES.length);
    expect([...VALIDATION_MESSAGES, ...FORM_ONLY_MESSAGES].filter((key) => !isMessageKey(key))).toEqual([]);
  });
});
