import { useMemo, useState, type ChangeEvent } from 'react';
import { Alert, Badge, Button, Fieldset, Grid, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  cardAlias,
  cardBrand,
  cardForm,
  cardRequestOf,
  COUNTRIES,
  regionsOf,
  type CardFormValues as SharedCardFormValues,
} from '@shelfscan/validation';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/locale';
import { showServerErrors, useSchemaForm } from '../../../lib/form';
import type { Locale } from '../../../lib/locale';
import { useSaveCardMutation, type SavedCard } from '../api/paymentApi';
import { usePaymentErrorText } from './usePaymentErrorText';

type CardFormValues = SharedCardFormValues & Record<string, unknown>;

/** The API names its fields after the payload of part 3; the form after what the user types. */
const SERVER_FIELDS: Record<string, string> = {
  cardAlias: 'cardHolder',
  cardHolderName: 'cardHolder',
  expireMonth: 'expiryMonth',
  expireYear: 'expiryYear',
  'billing.address': 'address',
  'billing.zipCode': 'zip',
  'billing.contactName': 'contactName',
  'billing.city': 'city',
  'billing.country': 'country',
  'billing.region': 'region',
};

/** Digits grouped by four as the number is typed (at most 19 digits). */
const groupDigits = (text: string) =>
  text
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
const digits = (text: string, max: number) => text.replace(/\D/g, '').slice(0, max);
/** The expiry year is typed with two digits; an autofilled "2029" keeps its last two. */
const twoDigitYear = (text: string) => {
  const d = text.replace(/\D/g, '');
  return d.length === 4 && d.startsWith('20') ? d.slice(2) : d.slice(0, 2);
};

/** The 250 built-in countries by their name in the locale (the browser's names; the list's own as fallback). */
function useCountryOptions(locale: Locale) {
  return useMemo(() => {
    const collator = new Intl.Collator(locale);
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      names = null;
    }
    return COUNTRIES.map((c) => {
      const local = names?.of(c.iso2);
      return { value: c.iso2, label: local && local !== c.iso2 ? local : c.name };
    }).sort((a, b) => collator.compare(a.label, b.label));
  }, [locale]);
}

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
  const locale = useLocale();
  const errorText = usePaymentErrorText();
  const [save, saving] = useSaveCardMutation();
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
  const [error, setError] = useState<string | null>(null);
  const countries = useCountryOptions(locale);
  const values = form.getValues();
  const regions = regionsOf(values.country);
  const brand = cardBrand(values.cardNumber);
  const alias = cardAlias(values.cardHolder);

  const submit = async (v: CardFormValues) => {
    setError(null);
    try {
      const answer = await save(cardRequestOf(v)).unwrap();
      form.reset();
      onSaved(answer.data ?? null);
    } catch (e) {
      form.setFieldValue('cvc', '');
      setError(showServerErrors(form, e, errorText, SERVER_FIELDS));
    } finally {
      // The mutation hook keeps its last arguments (`originalArgs`) until it is reset: drop the card number.
      saving.reset();
    }
  };

  const input = (path: keyof CardFormValues & string, normalize?: (text: string) => string) => {
    const props = form.getInputProps(path);
    return normalize
      ? {
          ...props,
          onChange: (event: ChangeEvent<HTMLInputElement>) =>
            form.setFieldValue(path, normalize(event.currentTarget.value)),
        }
      : props;
  };

  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate data-testid="card-form">
      <Stack gap="md">
        {replaces && (
          <Alert color="yellow" data-testid="card-replaces">
            {t('addCard.onlyOne', { last4: replaces.lastFourDigits })}
          </Alert>
        )}
        <Fieldset legend={t('addCard.cardLegend')}>
          <Grid gap="sm">
            <Grid.Col span={12}>
              <TextInput
                label={t('addCard.holder')}
                description={alias ? t('addCard.alias', { alias }) : t('addCard.holderHint')}
                autoComplete="cc-name"
                withAsterisk
                {...form.getInputProps('cardHolder')}
                data-testid="card-holder-input"
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <TextInput
                label={t('addCard.number')}
                inputMode="numeric"
                autoComplete="cc-number"
                placeholder="0000 0000 0000 0000"
                withAsterisk
                rightSectionWidth={brand ? 120 : undefined}
                rightSection={
                  brand ? (
                    <Badge variant="light" data-testid="card-brand-detected">
                      {t(`card.brands.${brand}`)}
                    </Badge>
                  ) : null
                }
                {...input('cardNumber', groupDigits)}
                data-testid="card-number-input"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 4, sm: 4 }}>
              <TextInput
                label={t('addCard.month')}
                placeholder="MM"
                inputMode="numeric"
                autoComplete="cc-exp-month"
                maxLength={2}
                withAsterisk
                {...input('expiryMonth', (text) => digits(text, 2))}
                data-testid="card-month-input"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 4, sm: 4 }}>
              <TextInput
                label={t('addCard.year')}
                placeholder="YY"
                inputMode="numeric"
                autoComplete="cc-exp-year"
                leftSection={<Text size="sm">20</Text>}
                withAsterisk
                {...input('expiryYear', twoDigitYear)}
                data-testid="card-year-input"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 4, sm: 4 }}>
              <TextInput
                label={t('addCard.cvc')}
                inputMode="numeric"
                autoComplete="cc-csc"
                type="password"
                maxLength={4}
                withAsterisk
                {...input('cvc', (text) => digits(text, 4))}
                data-testid="card-cvc-input"
              />
            </Grid.Col>
          </Grid>
        </Fieldset>
        <Fieldset legend={t('addCard.billingLegend')}>
          <Grid gap="sm">
            <Grid.Col span={12}>
              <TextInput
                label={t('addCard.contactName')}
                autoComplete="billing name"
                withAsterisk
                {...form.getInputProps('contactName')}
                data-testid="card-contact-input"
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <TextInput
                label={t('addCard.address')}
                autoComplete="billing street-address"
                withAsterisk
                {...form.getInputProps('address')}
                data-testid="card-address-input"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label={t('addCard.country')}
                data={countries}
                searchable
                withAsterisk
                nothingFoundMessage={t('addCard.nothingFound')}
                {...form.getInputProps('country')}
                onChange={(value) => {
                  form.setFieldValue('country', value ?? '');
                  form.setFieldValue('region', '');
                }}
                data-testid="card-country-input"
              />
            </Grid.Col>
            {regions.length > 0 && (
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Select
                  label={t('addCard.region')}
                  data={regions.map((r) => ({ value: r.iso2, label: r.name }))}
                  searchable
                  withAsterisk
                  nothingFoundMessage={t('addCard.nothingFound')}
                  {...form.getInputProps('region')}
                  onChange={(value) => form.setFieldValue('region', value ?? '')}
                  data-testid="card-region-input"
                />
              </Grid.Col>
            )}
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label={t('addCard.city')}
                autoComplete="billing address-level2"
                withAsterisk
                {...form.getInputProps('city')}
                data-testid="card-city-input"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label={t('addCard.zip')}
                autoComplete="billing postal-code"
                withAsterisk
                {...form.getInputProps('zip')}
                data-testid="card-zip-input"
              />
            </Grid.Col>
          </Grid>
        </Fieldset>
        {error && (
          <Alert color="red" role="alert" style={{ whiteSpace: 'pre-line' }} data-testid="card-error">
            {error}
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          {t('addCard.privacy')}
        </Text>
        <Button type="submit" loading={saving.isLoading} data-testid="card-submit">
          {replaces ? t('addCard.replace') : t('addCard.submit')}
        </Button>
      </Stack>
    </form>
  );
}
