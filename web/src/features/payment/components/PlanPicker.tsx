import type { ReactNode } from 'react';
import { Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { marketCodesFor } from '@shelfscan/markets';
import { PLAN_FEATURES, type PlanFeature } from '@shelfscan/validation';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/locale';
import { formatMoney } from '../../../lib/money';
import { useMarketNames } from '../../../lib/useMarketNames';
import type { Plan } from '../api/paymentApi';

/** The chosen features in the catalogue's order (one request, one cache entry, whatever the clicks). */
export function inCatalogueOrder(features: readonly string[]): string[] {
  return PLAN_FEATURES.filter((f) => features.includes(f));
}

const isPlanFeature = (feature: string): feature is PlanFeature =>
  (PLAN_FEATURES as readonly string[]).includes(feature);

/**
 * The features on sale (GET /api/plan) as check cards: what each does and its limits. The fee is said
 * once, above them: one monthly fee for any mix of features (the catalogue gives it on each plan).
 */
export function PlanPicker({
  plans,
  value,
  onChange,
  error,
}: {
  plans: readonly Plan[];
  value: string[];
  onChange: (features: string[]) => void;
  error?: ReactNode;
}) {
  const { t } = useTranslation('payment');
  const locale = useLocale();
  const names = useMarketNames();
  return (
    <Checkbox.Group
      label={t('addPlan.features')}
      description={
        plans[0] && (
          <span data-testid="plan-fee">
            {t('addPlan.featuresHint', { price: formatMoney(plans[0].price, 'USD', locale) })}
          </span>
        )
      }
      value={value}
      onChange={(v) => onChange(inCatalogueOrder(v))}
      error={error}
      data-testid="plan-picker"
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs">
        {plans.map((plan) => (
          <Checkbox.Card
            key={plan.feature}
            value={plan.feature}
            radius="md"
            p="md"
            data-testid={`plan-${plan.feature}`}
          >
            <Group wrap="nowrap" align="flex-start">
              <Checkbox.Indicator />
              <Stack gap={4}>
                <Text fw={700}>{t(`features.${plan.feature}.name`, { defaultValue: plan.feature })}</Text>
                <Text size="sm" c="dimmed">
                  {t(`features.${plan.feature}.description`, {
                    defaultValue: plan.description,
                    // Where the feature runs, from the market table (Deep: CA, MX, AE, UK; Functional: CA, MX).
                    markets: isPlanFeature(plan.feature) ? names.list(marketCodesFor(plan.feature)) : '',
                  })}
                </Text>
                <Text size="sm" data-testid={`plan-${plan.feature}-limits`}>
                  {t('addPlan.dailyLimit', { count: plan.dailySearchLimit })}
                  {plan.monthlySearchLimit > 0 &&
                    ` · ${t('addPlan.monthlyLimit', { count: plan.monthlySearchLimit })}`}
                  {` · ${t('addPlan.asinLimit', { count: plan.asinLimit })}`}
                </Text>
              </Stack>
            </Group>
          </Checkbox.Card>
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
