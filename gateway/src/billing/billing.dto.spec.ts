import { UnprocessableEntityException } from '@nestjs/common';
import { cardRequestOf, type CardFormValues } from '@shelfscan/validation';
import { CARD_TODAY, CARD_VERDICTS, VALID_CARD } from '../../../libs/validation/test/verdict-table';
import type { ApiResponse } from '../common/api-response.js';
import { runWithLang, t } from '../common/i18n.js';
import { createValidationPipe } from '../common/validation.js';
import { CardDto } from './billing.dto.js';

const pipe = createValidationPipe(() => CARD_TODAY);

/** The field of POST /api/card behind each field of the card form. */
const API_FIELD: Record<keyof CardFormValues, string> = {
  cardHolder: 'cardHolderName',
  cardNumber: 'cardNumber',
  expiryMonth: 'expireMonth',
  expiryYear: 'expireYear',
  cvc: 'cvc',
  contactName: 'billing.contactName',
  address: 'billing.address',
  zip: 'billing.zipCode',
  city: 'billing.city',
  country: 'billing.country',
  region: 'billing.region',
};

/** POST /api/card's body through the gateway's validation pipe: the parsed value, or the 422 body. */
function validate(
  body: unknown,
  lang = 'en',
): { ok: true; value: unknown } | { ok: false; body: ApiResponse } {
  return runWithLang(lang, () => {
    try {
      return { ok: true as const, value: pipe.transform(body, { type: 'body', metatype: CardDto }) };
    } catch (error) {
      if (!(error instanceof UnprocessableEntityException)) throw error;
      return { ok: false as const, body: error.getResponse() as ApiResponse };
    }
  });
}
const errorsOf = (r: ReturnType<typeof validate>) => (r.ok ? [] : (r.body.errors ?? []));

describe('POST /api/card: the same verdicts as the web card form (shared card rules)', () => {
  it.each(CARD_VERDICTS.map((r) => [r.case, r] as const))('%s', (_name, row) => {
    // What the web's card form sends for these values.
    const result = validate(cardRequestOf({ ...VALID_CARD, ...row.card }));
    if (row.verdict === null) expect(errorsOf(result)).toEqual([]);
    else
      expect(errorsOf(result)).toEqual([
        { field: API_FIELD[row.field!], msg: runWithLang('en', () => t(row.verdict!)) },
      ]);
  });
});

describe('POST /api/card payload', () => {
  const valid = cardRequestOf(VALID_CARD);

  it('passes on the country by its list name and the region with its name; a region elsewhere is dropped', () => {
    expect(validate({ ...valid, billing: { ...valid.billing, country: 'tr' } })).toEqual({
      ok: true,
      value: {
        ...valid,
        billing: { ...valid.billing, country: 'Turkey', region: '34', regionName: 'İstanbul' },
      },
    });
    const germany = validate({
      ...valid,
      expireMonth: 7,
      billing: { ...valid.billing, country: 'Germany', region: 'BE' },
    });
    expect(germany).toMatchObject({
      ok: true,
      value: { expireMonth: '07', billing: { country: 'Germany', region: '', regionName: '' } },
    });
  });

  it('answers in the request language, every problem on its field', () => {
    const body = {
      ...valid,
      cardNumber: '4111111111111112',
      cvc: '12',
      expireYear: '2026',
      expireMonth: '10',
      billing: { ...valid.billing, country: 'Narnia', zipCode: '' },
    };
    expect(errorsOf(validate(body, 'tr'))).toEqual([
      { field: 'cardNumber', msg: 'Kart numarası geçersiz.' },
      { field: 'cvc', msg: 'Güvenlik kodu 3 ya da 4 haneli olmalıdır.' },
      { field: 'billing.zipCode', msg: 'Bu alan zorunludur.' },
      { field: 'billing.country', msg: 'Bu alan zorunludur.' },
      { field: 'expireYear', msg: 'Bu kartın süresi dolmuş.' },
    ]);
    expect(errorsOf(validate({ ...valid, expireYear: '30' }))).toEqual([
      { field: 'expireYear', msg: 'Expiry year must be two digits.' },
    ]);
    const { billing: _billing, ...noBilling } = valid;
    expect(errorsOf(validate({ ...noBilling, extra: 1 }))).toEqual([
      { field: 'billing', msg: 'This is required.' },
      { field: 'extra', msg: 'Unknown field: extra.' },
    ]);
  });
});
