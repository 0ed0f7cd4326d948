import { Fieldset, Grid, Select, TextInput } from '@mantine/core';
import { regionsOf } from '@shelfscan/validation';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/locale';
import { useCountryOptions } from './useCountryOptions';
import type { CardFormState } from './useCardSubmit';

/** The billing address: contact name, address, country (its regions, where it has them), city, postal code. */
export function BillingAddressFields({ form }: { form: CardFormState }) {
  const { t } = useTranslation('payment');
  const countries = useCountryOptions(useLocale());
  const regions = regionsOf(form.getValues().country);

  return (
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
  );
}
