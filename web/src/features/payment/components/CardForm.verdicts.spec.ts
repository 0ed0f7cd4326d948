import { schemaResolver } from '@mantine/form';
import { cardForm, type CardFormValues, type FormSchema } from '@shelfscan/validation';
import { describe, expect, it } from 'vitest';
import { CARD_TODAY, CARD_VERDICTS, VALID_CARD } from '../../../../../libs/validation/test/verdict-table';

describe('card form: the same verdicts as POST /api/card at the gateway', () => {
  const schema = cardForm(CARD_TODAY) as FormSchema<CardFormValues>;

  it.each(CARD_VERDICTS.map((r) => [r.case, r] as const))('%s', (_name, row) => {
    // Exactly what useSchemaForm gives @mantine/form.
    const errors = schemaResolver(schema, { sync: true })({ ...VALID_CARD, ...row.card });
    expect(errors).toEqual(row.verdict === null ? {} : { [row.field!]: row.verdict });
  });
});
