import type { ChangeEvent } from 'react';
import { Badge, Fieldset, Grid, Text, TextInput } from '@mantine/core';
import { cardAlias, cardBrand } from '@shelfscan/validation';
import { useTranslation } from 'react-i18next';
import { digits, groupDigits, twoDigitYear } from './cardInput';
import type { CardFormState, CardFormValues } from './useCardSubmit';

/** The card's own fields: holder (and the alias it gives), number (and its brand), expiry, CVC. */
export function CardFields({ form }: { form: CardFormState }) {
  const { t } = useTranslation('payment');
  const values = form.getValues();
  const brand = cardBrand(values.cardNumber);
  const alias = cardAlias(values.cardHolder);

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
  );
}
