import { useState } from 'react';
import {
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { promotionForm, PROMOTION_TYPES } from '@shelfscan/validation';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../app/DayInput';
import { istanbulDay } from '../../../lib/date';
import { readApiError } from '../../../lib/errors';
import { showServerErrors, useSchemaForm } from '../../../lib/form';
import { useApiErrorText } from '../../../lib/useApiErrorText';
import { notifySuccess } from '../actions';
import { useSavePromotionMutation } from '../api/billingAdminApi';
import type { Promotion, PromotionInput, PromotionType } from '../model';
import { FormButtons, FormError } from './FormParts';

/** A promotion as PUT takes it back (the list's `used` is billing's, not an input). */
export function toInput(p: Promotion): PromotionInput {
  return {
    id: p.id,
    code: p.code,
    description: p.description ?? '',
    value: p.value,
    type: p.type,
    minimumBasket: p.minimumBasket || '0',
    count: p.count,
    expiryDate: p.expiryDate || null,
    active: p.active,
  };
}

/** The create and edit form of a promotion; billing's answers land on their fields. */
export function PromotionForm({ promotion, onDone }: { promotion: Promotion | null; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const errorText = useApiErrorText('admin');
  const [save, { isLoading }] = useSavePromotionMutation();
  const [error, setError] = useState<string | null>(null);
  // The browser's day checks the form early; billing checks again with its own Clock's day. The
  // expiry an edited promotion already has may stay (an expired one can still be edited).
  const today = istanbulDay();
  const form = useSchemaForm(promotionForm(today, promotion?.expiryDate ?? null), {
    code: promotion?.code ?? '',
    description: promotion?.description ?? '',
    type: (promotion?.type ?? 'PERCENT') as PromotionType,
    value: (promotion?.value ?? '') as string | number,
    minimumBasket: (Number(promotion?.minimumBasket) > 0 ? promotion!.minimumBasket : '') as string | number,
    count: (promotion?.count ?? 100) as string | number,
    expiryDate: promotion?.expiryDate ?? '',
    active: promotion?.active ?? true,
  });

  const send = async (values: typeof form.values) => {
    setError(null);
    try {
      await save({
        ...(promotion ? { id: promotion.id } : {}),
        code: values.code.trim(),
        description: values.description.trim(),
        type: values.type,
        value: String(values.value).trim(),
        minimumBasket: String(values.minimumBasket).trim() || '0',
        count: Number(values.count),
        expiryDate: values.expiryDate || null,
        active: values.active,
      }).unwrap();
      notifySuccess(t('saved'));
      onDone();
    } catch (e) {
      // A taken code is billing's answer (400 promotionCodeTaken): shown on the code field.
      if (readApiError(e).code === 'promotionCodeTaken') form.setFieldError('code', errorText(e));
      else setError(showServerErrors(form, e, errorText));
    }
  };

  const percent = form.values.type === 'PERCENT';
  return (
    <form noValidate onSubmit={form.onSubmit(send)} data-testid="promotion-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t('promotions.code')}
            description={t('promotions.codeHint')}
            required
            {...form.getInputProps('code')}
            data-testid="promotion-code"
          />
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('promotions.type')}
            </Text>
            <SegmentedControl
              fullWidth
              data={PROMOTION_TYPES.map((value) => ({ value, label: t(`promotions.types.${value}`) }))}
              {...form.getInputProps('type')}
              data-testid="promotion-type"
            />
          </div>
        </SimpleGrid>
        <Textarea
          label={t('promotions.description')}
          rows={2}
          {...form.getInputProps('description')}
          data-testid="promotion-description"
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <NumberInput
            label={percent ? t('promotions.valuePercent') : t('promotions.valueAmount')}
            required
            min={0}
            max={percent ? 100 : undefined}
            decimalScale={2}
            allowNegative={false}
            clampBehavior="none"
            {...form.getInputProps('value')}
            data-testid="promotion-value"
          />
          <NumberInput
            label={t('promotions.minimumBasket')}
            description={t('promotions.minimumBasketHint')}
            min={0}
            decimalScale={2}
            allowNegative={false}
            {...form.getInputProps('minimumBasket')}
            data-testid="promotion-minimum-basket"
          />
          <NumberInput
            label={t('promotions.count')}
            description={t('promotions.countHint')}
            required
            min={1}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            {...form.getInputProps('count')}
            data-testid="promotion-count"
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DayInput
            label={t('promotions.expiryDate')}
            description={t('promotions.expiryHint')}
            clearable
            {...form.getInputProps('expiryDate')}
            data-testid="promotion-expiry"
          />
          <Switch
            mt={32}
            label={t('promotions.active')}
            {...form.getInputProps('active', { type: 'checkbox' })}
            data-testid="promotion-active"
          />
        </SimpleGrid>
        <FormError error={error} testId="promotion-form-error" />
        <FormButtons
          onCancel={onDone}
          busy={isLoading}
          label={t('promotions.save')}
          testId="promotion-save"
        />
      </Stack>
    </form>
  );
}
