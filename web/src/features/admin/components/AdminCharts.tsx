import '@mantine/charts/styles.css';
import { useState, type ReactNode } from 'react';
import { AreaChart, BarChart, LineChart } from '@mantine/charts';
import { Alert, Group, Paper, SegmentedControl, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/locale';
import { addDays, formatDay, formatMonth, istanbulDay } from '../../../lib/date';
import { formatMinor } from '../../../lib/money';
import { useChartsQuery } from '../api/adminApi';
import type { Charts } from '../model';

const RANGES = { '30d': 30, '90d': 90, '365d': 365 } as const;
type Range = keyof typeof RANGES;

/** The period a range shows: the last N days of Istanbul, today included. */
function period(range: Range, today = istanbulDay()) {
  return { from: addDays(today, -(RANGES[range] - 1)), to: today };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/**
 * The admin home's charts (GET /api/admin/charts): scans per day by type, sign-ups per day, revenue
 * per month in TRY, scan failures by reason; each with a one-line summary in text.
 */
export function AdminCharts() {
  const { t } = useTranslation('admin');
  const [range, setRange] = useState<Range>('30d');
  const locale = useLocale();
  const shown = period(range);
  const charts = useChartsQuery(shown);
  return (
    <>
      <Group justify="space-between" mb="md">
        <Text size="sm" c="dimmed">
          {t('charts.period', { from: formatDay(shown.from, locale), to: formatDay(shown.to, locale) })}
        </Text>
        <SegmentedControl
          value={range}
          onChange={(value) => setRange(value as Range)}
          data={(Object.keys(RANGES) as Range[]).map((value) => ({
            value,
            label: t(`charts.ranges.${value}`),
          }))}
          data-testid="charts-range"
        />
      </Group>
      {charts.isError ? (
        <Alert color="yellow" data-testid="charts-error">
          {t('charts.failed')}
        </Alert>
      ) : (
        <ChartGrid data={charts.data} />
      )}
    </>
  );
}

/** The axis of a count (scans, sign-ups, failures): whole numbers only, never 0.5 of a scan. */
const COUNT_AXIS = { allowDecimals: false };

function ChartGrid({ data }: { data: Charts | undefined }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const day = (value: string) => formatDay(value, locale);
  const scans = (data?.scansPerDay ?? []).map((d) => ({ ...d, date: day(d.date) }));
  const signups = (data?.signupsPerDay ?? []).map((d) => ({ ...d, date: day(d.date) }));
  const revenue = (data?.revenuePerMonth ?? []).map((d) => ({
    month: formatMonth(d.month, locale),
    try: d.tryKurus / 100,
  }));
  const failures = (data?.failuresByReason ?? []).map((d) => ({
    reason: t(`common:scanFailures.${d.reason}`, { defaultValue: d.reason }),
    count: d.count,
  }));
  const money = (value: number) => formatMinor(Math.round(value * 100), 'TRY', locale);

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <ChartCard
        title={t('charts.scans')}
        testId="chart-scans"
        loading={!data}
        empty={scans.length === 0}
        summary={t('charts.scansSummary', {
          standard: sum(scans.map((d) => d.standard)),
          deep: sum(scans.map((d) => d.deep)),
          functional: sum(scans.map((d) => d.functional)),
          tracked: sum(scans.map((d) => d.tracked ?? 0)),
        })}
      >
        <BarChart
          h={240}
          data={scans}
          dataKey="date"
          type="stacked"
          withLegend
          yAxisProps={COUNT_AXIS}
          series={[
            { name: 'standard', label: t('types.standard'), color: 'blue.6' },
            { name: 'deep', label: t('types.deep'), color: 'violet.6' },
            { name: 'functional', label: t('types.FUNCTIONAL'), color: 'teal.6' },
            { name: 'tracked', label: t('types.tracked'), color: 'orange.6' },
          ]}
        />
      </ChartCard>
      <ChartCard
        title={t('charts.signups')}
        testId="chart-signups"
        loading={!data}
        empty={signups.length === 0}
        summary={t('charts.signupsSummary', { count: sum(signups.map((d) => d.count)) })}
      >
        <LineChart
          h={240}
          data={signups}
          dataKey="date"
          yAxisProps={COUNT_AXIS}
          series={[{ name: 'count', label: t('charts.signupsSeries'), color: 'indigo.6' }]}
          curveType="monotone"
        />
      </ChartCard>
      <ChartCard
        title={t('charts.revenue')}
        testId="chart-revenue"
        loading={!data}
        empty={revenue.length === 0}
        summary={t('charts.revenueSummary', { amount: money(sum(revenue.map((d) => d.try))) })}
      >
        <AreaChart
          h={240}
          data={revenue}
          dataKey="month"
          series={[{ name: 'try', label: t('charts.revenueSeries'), color: 'green.6' }]}
          valueFormatter={money}
        />
      </ChartCard>
      <ChartCard
        title={t('charts.failures')}
        testId="chart-failures"
        loading={!data}
        empty={failures.length === 0}
        summary={t('charts.failuresSummary', { count: sum(failures.map((d) => d.count)) })}
      >
        <BarChart
          h={240}
          data={failures}
          dataKey="reason"
          orientation="vertical"
          xAxisProps={COUNT_AXIS}
          yAxisProps={{ width: 140 }}
          series={[{ name: 'count', label: t('charts.failuresSeries'), color: 'red.6' }]}
        />
      </ChartCard>
    </SimpleGrid>
  );
}

function ChartCard({
  title,
  testId,
  loading,
  empty,
  summary,
  children,
}: {
  title: string;
  testId: string;
  loading: boolean;
  empty: boolean;
  summary: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {loading ? (
        <Skeleton h={240} />
      ) : empty ? (
        <Text c="dimmed" size="sm" data-testid={`${testId}-empty`}>
          {t('charts.empty')}
        </Text>
      ) : (
        <>
          {children}
          <Text size="sm" mt="xs" data-testid={`${testId}-summary`}>
            {summary}
          </Text>
        </>
      )}
    </Paper>
  );
}
