import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/locale';
import { formatIstanbul } from '../../../lib/date';
import { runEnded, type TrackerRun } from '../model';

/** Counts are whole: never half an ASIN on the axis. */
const COUNT_AXIS = { allowDecimals: false };

/** The points of the charts: the ended runs, oldest first (a partial run's removals are 0: it reports none). */
export function chartPoints(runs: readonly TrackerRun[], locale: 'tr' | 'en') {
  return runs
    .filter(runEnded)
    .slice()
    .reverse()
    .map((run) => ({
      run: formatIstanbul(run.startedAt, locale),
      size: run.found,
      added: run.baseline ? 0 : run.addedCount,
      removed: run.complete && !run.baseline ? run.removedCount : 0,
    }));
}

/**
 * The store run by run (the admin charts' library, a chunk of its own): its size (ASINs found) and
 * what each run added and removed, with a one-line summary in text for screen readers and phones.
 */
export function TrackerCharts({ runs }: { runs: readonly TrackerRun[] }) {
  const { t } = useTranslation('trackers');
  const locale = useLocale();
  const points = chartPoints(runs, locale);
  if (points.length === 0)
    return (
      <Text c="dimmed" size="sm" data-testid="tracker-chart-empty">
        {t('chart.empty')}
      </Text>
    );
  const total = (key: 'added' | 'removed') => points.reduce((sum, p) => sum + p[key], 0);
  return (
    <Paper withBorder p="md" radius="md" data-testid="tracker-chart">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <div>
          <Title order={3} size="h5" mb="sm">
            {t('chart.sizeTitle')}
          </Title>
          <LineChart
            h={220}
            data={points}
            dataKey="run"
            yAxisProps={COUNT_AXIS}
            series={[{ name: 'size', label: t('chart.size'), color: 'indigo.6' }]}
            curveType="linear"
          />
        </div>
        <div>
          <Title order={3} size="h5" mb="sm">
            {t('chart.changesTitle')}
          </Title>
          <BarChart
            h={220}
            data={points}
            dataKey="run"
            withLegend
            yAxisProps={COUNT_AXIS}
            series={[
              { name: 'added', label: t('chart.added'), color: 'green.6' },
              { name: 'removed', label: t('chart.removed'), color: 'red.6' },
            ]}
          />
        </div>
      </SimpleGrid>
      <Text size="sm" mt="xs" data-testid="tracker-chart-summary">
        {t('chart.summary', {
          runs: points.length,
          first: points[0].size,
          last: points[points.length - 1].size,
          added: total('added'),
          removed: total('removed'),
        })}
      </Text>
    </Paper>
  );
}
