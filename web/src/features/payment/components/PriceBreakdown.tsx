import type { ReactNode } from 'react';
import { DataList, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/locale';
import { formatDay } from '../../../lib/date';
import { formatMoney, formatRate } from '../../../lib/money';

export interface BreakdownFigures {
  /** The price before the discount (USD). */
  usd: string;
  discountUsd: string;
  /** What is left after the discount (USD); shown when known. */
  netUsd?: string | null;
  rate: string | null;
  bulletinDate: string | null;
  /** The lira total; null when there is no rate to compute it with. */
  try: string | null;
  /** "7 of 30 days" of a prorated first month. */
  daysCharged?: number;
  daysInMonth?: number;
  /** VAT (KDV) included in the lira total, when the API says it. */
  vatPercent?: string | null;
  vat?: string | null;
}

function Row({
  label,
  value,
  testId,
  strong,
}: {
  label: ReactNode;
  value: ReactNode;
  testId: string;
  strong?: boolean;
}) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue data-testid={testId} fw={strong ? 700 : undefined}>
        {value}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

/**
 * The breakdown of a price as the billing service computed it: USD (prorated), the discount, the
 * central bank's rate with its bulletin date, the VAT included, and the lira total.
 */
export function PriceBreakdown({
  figures,
  missingTry,
}: {
  figures: BreakdownFigures;
  missingTry?: ReactNode;
}) {
  const { t } = useTranslation('payment');
  const locale = useLocale();
  const hasDiscount = Number(figures.discountUsd) > 0;
  const prorated = figures.daysCharged && figures.daysInMonth && figures.daysCharged !== figures.daysInMonth;
  return (
    <Stack gap={4} data-testid="price-breakdown">
      <DataList size="sm" labelWidth={290} withDivider>
        <Row
          label={
            prorated
              ? t('breakdown.usdProrated', { days: figures.daysCharged, total: figures.daysInMonth })
              : t('breakdown.usd')
          }
          value={formatMoney(figures.usd, 'USD', locale)}
          testId="breakdown-usd"
        />
        {hasDiscount && (
          <Row
            label={t('breakdown.discount')}
            value={formatMoney(`-${figures.discountUsd}`, 'USD', locale)}
            testId="breakdown-discount"
          />
        )}
        {figures.netUsd && hasDiscount && (
          <Row
            label={t('breakdown.netUsd')}
            value={formatMoney(figures.netUsd, 'USD', locale)}
            testId="breakdown-net"
          />
        )}
        {figures.rate && (
          <Row
            label={t('breakdown.rate')}
            value={t('breakdown.rateValue', {
              rate: formatRate(figures.rate, locale),
              date: formatDay(figures.bulletinDate, locale),
            })}
            testId="breakdown-rate"
          />
        )}
        {figures.try !== null ? (
          <Row
            label={t('breakdown.try')}
            value={formatMoney(figures.try, 'TRY', locale)}
            testId="breakdown-try"
            strong
          />
        ) : (
          <Row label={t('breakdown.try')} value={missingTry ?? '—'} testId="breakdown-try-missing" />
        )}
      </DataList>
      {figures.try !== null && (
        <Text size="xs" c="dimmed" data-testid="breakdown-vat">
          {figures.vatPercent && figures.vat
            ? t('breakdown.vatAmount', {
                percent: figures.vatPercent,
                amount: formatMoney(figures.vat, 'TRY', locale),
              })
            : t('breakdown.vatIncluded')}
        </Text>
      )}
    </Stack>
  );
}
