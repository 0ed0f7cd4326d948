import type { ReactNode } from 'react';
import { Badge, Card, DataList, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDay } from '../../lib/date';
import type { Locale } from '../../lib/locale';
import type { PlanStatus, UserPlan } from './userPlanApi';

const STATUS_COLOR: Record<PlanStatus, string> = {
  active: 'green',
  past_due: 'orange',
  cancelled: 'yellow',
  inactive: 'gray',
  pending: 'blue',
};

/** A paid plan's dates are days; a trial's are instants (it lasts 24 hours). */
const planDate = (plan: UserPlan, value: string, locale: Locale) =>
  plan.trial ? formatDate(value, locale) : formatDay(value, locale);

/** The features of a plan in the locale: "Standard, Deep". */
export function useFeatureNames() {
  const { t } = useTranslation('common');
  return (features: readonly string[]) =>
    features.map((f) => t(`plans.features.${f}`, { defaultValue: f })).join(', ');
}

/**
 * The user's plans, one card each: features, trial, status (active, payment due, cancelled,
 * inactive), start and end dates and whether it renews. `actions` adds buttons under a plan.
 */
export function UserPlanList({
  plans,
  locale,
  actions,
}: {
  plans: readonly UserPlan[];
  locale: Locale;
  actions?: (plan: UserPlan) => ReactNode;
}) {
  const { t } = useTranslation('common');
  const featureNames = useFeatureNames();
  return (
    <Stack gap="sm" data-testid="user-plans">
      {plans.map((plan) => (
        <Card key={plan.id} withBorder padding="md" data-testid="user-plan" data-status={plan.status}>
          <Group justify="space-between" mb="xs">
            <Text fw={600} data-testid="user-plan-features">
              {featureNames(plan.features)}
            </Text>
            <Group gap="xs">
              {plan.trial && <Badge variant="light">{t('plans.trial')}</Badge>}
              <Badge color={STATUS_COLOR[plan.status] ?? 'gray'} data-testid="user-plan-status">
                {t(`plans.status.${plan.status}`, { defaultValue: plan.status })}
              </Badge>
            </Group>
          </Group>
          <DataList size="sm" labelWidth={140}>
            <DataList.Item>
              <DataList.ItemLabel>{t('plans.startDate')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="user-plan-start">
                {planDate(plan, plan.startDate, locale)}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('plans.endDate')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="user-plan-end">
                {planDate(plan, plan.endDate, locale)}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('plans.autoRenew')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="user-plan-renew">
                {plan.autoRenew ? t('plans.renews') : t('plans.notRenewed')}
              </DataList.ItemValue>
            </DataList.Item>
          </DataList>
          {actions?.(plan)}
        </Card>
      ))}
    </Stack>
  );
}
