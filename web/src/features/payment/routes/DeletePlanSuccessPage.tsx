import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useGetUserPlansQuery } from '../../../app/billing/userPlanApi';
import { LocaleLink, useLocale } from '../../../app/locale';
import { formatDay } from '../../../lib/date';

/** /payment/deletePlan/success: cancelled, usable until its end date, not renewed. */
export function DeletePlanSuccessPage() {
  const { t } = useTranslation('payment');
  const locale = useLocale();
  const state = useLocation().state as { endDate?: string } | null;
  const plans = useGetUserPlansQuery();
  const endDate = state?.endDate ?? plans.data?.find((p) => p.status === 'cancelled')?.endDate;
  return (
    <Stack gap="lg" data-testid="delete-plan-success">
      <Group gap="sm">
        <IconCircleCheck size={28} color="var(--mantine-color-green-6)" aria-hidden />
        <Title order={2} size="h3">
          {t('sections.deletePlanSuccess')}
        </Title>
      </Group>
      <Text data-testid="delete-plan-success-text">
        {endDate
          ? t('deletePlanSuccess.until', { date: formatDay(endDate, locale) })
          : t('deletePlanSuccess.text')}
      </Text>
      <Group>
        <Button component={LocaleLink} to="/payment">
          {t('actions.toPayment')}
        </Button>
      </Group>
    </Stack>
  );
}
