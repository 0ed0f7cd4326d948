import { useMemo, useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { cardForm } from '@shelfscan/validation';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '../../../lib/form';
import type { SavedCard } from '../api/paymentApi';
import { BillingAddressFields } from './BillingAddressFields';
import { CardFields } from './CardFields';
import { useCardSubmit, type CardFormValues } from './useCardSubmit';

/**
 * Add (or replace) the one card: card fields and the billing address (product spec part 3), checked
 * by the shared `cardForm` rules. The number and the CVC live only in this form's state: they are
 * never logged or stored in the browser: the form is cleared after a successful save and the CVC
 * after a failed one, the mutation hook forgets its arguments once it answers, and the Redux
 * DevTools see them redacted (lib/redact.ts).
 */
export function CardForm({
  contactName,
  replaces,
  onSaved,
}: {
  contactName: string;
  replaces: SavedCard | null;
  onSaved: (card: SavedCard | null) => void;
}) {
  const { t } = useTranslation('payment');
  const [today] = useState(() => new Date());
  const schema = useMemo(() => cardForm(today), [today]);
  const form = useSchemaForm<CardFormValues>(schema, {
    cardHolder: '',
    cardNumber: '',
    expiryMonth: '',
    expiryYear: '',
    cvc: '',
    contactName,
    address: '',
    zip: '',
    city: '',
    country: 'TR',
    region: '',
  });
  const { submit, error, saving } = useCardSubmit(form, onSaved);

  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate data-testid="card-form">
      <Stack gap="md">
        {replaces && (
          <Alert color="yellow" data-testid="card-replaces">
            {t('addCard.onlyOne', { last4: replaces.lastFourDigits })}
          </Alert>
        )}
        <CardFields form={form} />
        <BillingAddressFields form={form} />
        {error && (
          <Alert color="red" role="alert" style={{ whiteSpace: 'pre-line' }} data-testid="card-error">
            {error}
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          {t('addCard.privacy')}
        </Text>
        <Button type="submit" loading={saving} data-testid="card-submit">
          {replaces ? t('addCard.replace') : t('addCard.submit')}
        </Button>
      </Stack>
    </form>
  );
}
