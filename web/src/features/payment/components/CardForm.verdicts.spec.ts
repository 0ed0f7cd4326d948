import { schemaResolver } from '@mantine/form';
import { cardForm, type FormSchema } from '@shelfscan/validation';
import { describe, expect, it } from 'vitest';
import {
  CARD_TODAY,
  CARD_VERDICTS,
  VALID_CARD,
  cardPayload,
  type TypedCard,
} from '../../../../../libs/validation/test/verdict-table';
import { toCardPayload, type CardFormValues } from './CardForm';

/** The card form's values for a card as the user types it. */
const formValues = (c: TypedCard): CardFormValues => ({
  cardHolder: c.holder,
  cardNumber: c.number,
  expiryMonth: c.month,
  expiryYear: c.year,
  cvc: c.cvc,
  contactName: c.contactName,
  address: c.address,
  zip: c.zip,
  city: c.city,
  country: c.country,
  region: c.region,
});

/** The form field behind each field of the table. */
const FORM_FIELD: Record<keyof TypedCard, keyof CardFormValues> = {
  holder: 'cardHolder',
  number: 'cardNumber',
  month: 'expiryMonth',
  year: 'expiryYear',
  cvc: 'cvc',
  contactName: 'contactName',
  address: 'address',
  zip: 'zip',
  city: 'city',
  country: 'country',
  region: 'region',
};

describe('card form: the same verdicts as POST /api/card at the gateway', () => {
  const schema = cardForm(CARD_TODAY) as FormSchema<CardFormValues>;

  it.each(CARD_VERDICTS.map((r) => [r.case, r] as const))('%s', (_name, row) => {
    const card = { ...VALID_CARD, ...row.card };
    // Exactly what useSchemaForm gives @mantine/form.
    const errors = schemaResolver(schema, { sync: true })(formValues(card));
    expect(errors).toEqual(row.verdict === null ? {} : { [FORM_FIELD[row.field!]]: row.verdict });
    // What the gateway's side of the table validates is what this form sends.
    expect(toCardPayload(formValues(card))).toEqual(cardPayload(card));
  });
});
