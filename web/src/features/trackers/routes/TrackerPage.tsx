import { Suspense, useState } from 'react';
import { Alert, Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../app/layouts/PageShell';
import { LocaleLink, useLocale, useLocalePath } from '../../../app/locale';
import { formatIstanbul } from '../../../lib/date';
import { lazyNamed } from '../../../lib/lazy';
import { useMarketNames } from '../../../lib/useMarketNames';
import { useGetTrackerQuery, useTrackerRunsQuery } from '../api/trackersApi';
import { AsinsTable } from '../components/AsinsTable';
import { RunsTable } from '../components/RunsTable';
import { TrackerActions } from '../components/TrackerActions';
import { runEnded, scheduleText, TRACKER_POLL_MS, trackerName, type Tracker } from '../model';
import { useRunEnd } from '../useRunEnd';

// The charts library loads with the charts only, never with other pages.
const TrackerCharts = lazyNamed(() => import('../components/TrackerCharts'), 'TrackerCharts');
const TrackerDialog = lazyNamed(() => import('../components/TrackerDialog'), 'TrackerDialog');

/**
 * A tracked store's page: its facts and actions, the store run by run (chart), the runs with their
 * diffs and downloads, and every ASIN seen. Asked again while a run is going; when it ends, the runs
 * and ASINs are fetched again.
 */
export function TrackerPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('trackers');
  const [running, setRunning] = useState(false);
  const poll = { pollingInterval: running ? TRACKER_POLL_MS : 0 };
  const tracker = useGetTrackerQuery(id, poll);
  const runs = useTrackerRunsQuery(id, poll);
  const data = tracker.data;
  const isRunning = !!data?.running || !!runs.data?.some((run) => !runEnded(run));
  if (isRunning !== running) setRunning(isRunning);
  useRunEnd(data ? [{ id: data.id, running: data.running }] : []);
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const [editing, setEditing] = useState(false);

  if (!data)
    return (
      <PageShell title={t('title')}>
        <Skeleton height={200} />
      </PageShell>
    );
  const aboveLimit = !!runs.data?.some((run) => run.aboveLimit);
  const partial = !!runs.data?.some((run) => runEnded(run) && !run.complete && !run.baseline);
  // A complete run that still did not claim some listings gone: unpriced ones it may have missed.
  const unsure = !!runs.data?.some((run) => runEnded(run) && run.complete && run.notSeen > 0);
  return (
    <PageShell
      title={trackerName(data)}
      size="xl"
      actions={
        <TrackerActions
          tracker={data}
          size="sm"
          onEdit={() => setEditing(true)}
          onDeleted={() => void navigate(localePath('/trackers'), { replace: true })}
        />
      }
    >
      <Stack gap="lg">
        <Anchor component={LocaleLink} to="/trackers" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} />
            {t('page.back')}
          </Group>
        </Anchor>
        <Facts tracker={data} />
        {aboveLimit && (
          <Alert icon={<IconInfoCircle size={18} />} color="grape" data-testid="tracker-above-limit">
            {t('page.aboveLimit')}
          </Alert>
        )}
        {partial && (
          <Alert icon={<IconInfoCircle size={18} />} color="orange" data-testid="tracker-partial-note">
            {t('page.partialNote')}
          </Alert>
        )}
        {unsure && (
          <Alert icon={<IconInfoCircle size={18} />} color="orange" data-testid="tracker-unpriced-note">
            {t('page.unpricedNote')}
          </Alert>
        )}
        <section aria-labelledby="tracker-chart-title">
          <Title order={2} size="h4" mb="sm" id="tracker-chart-title">
            {t('chart.title')}
          </Title>
          <Suspense fallback={<Skeleton height={220} />}>
            {runs.data ? <TrackerCharts runs={runs.data} /> : <Skeleton height={220} />}
          </Suspense>
        </section>
        <section aria-labelledby="tracker-runs-title">
          <Title order={2} size="h4" mb="sm" id="tracker-runs-title">
            {t('runs.title')}
          </Title>
          {runs.data ? <RunsTable trackerId={data.id} runs={runs.data} /> : <Skeleton height={120} />}
        </section>
        <section aria-labelledby="tracker-asins-title">
          <Title order={2} size="h4" mb="sm" id="tracker-asins-title">
            {t('asins.title')}
          </Title>
          <AsinsTable tracker={data} />
        </section>
      </Stack>
      <Suspense fallback={null}>
        {editing && <TrackerDialog tracker={data} onClose={() => setEditing(false)} />}
      </Suspense>
    </PageShell>
  );
}

/** The tracker's facts: store, market and type, keyword, schedule, next run, since when, ASINs, alerts. */
function Facts({ tracker }: { tracker: Tracker }) {
  const { t } = useTranslation('trackers');
  const locale = useLocale();
  const names = useMarketNames();
  const date = (value: string | null) => formatIstanbul(value, locale);
  const alerts = (['email', 'webhook', 'telegram'] as const).filter((name) => tracker.alerts[name]);
  const fact = (label: string, value: string, testId?: string) => (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-label={t('page.facts')}
      data-testid="tracker-facts"
    >
      <Stack gap="sm">
        <Anchor
          href={tracker.storeUrl}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          style={{ overflowWrap: 'anywhere' }}
        >
          {tracker.storeUrl}
        </Anchor>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          {fact(t('card.market'), `${names.name(tracker.market)} · ${t(`types.${tracker.searchType}`)}`)}
          {fact(t('page.keyword'), tracker.keyword || t('page.none'))}
          {fact(t('dialog.schedule'), scheduleText(tracker, t, locale), 'tracker-schedule')}
          {fact(
            t('page.nextRun'),
            tracker.paused || !tracker.nextRunAt ? t('card.noNextRun') : date(tracker.nextRunAt),
            'tracker-next',
          )}
          {fact(t('page.created'), date(tracker.createdAt))}
          {fact(t('asins.title'), t('card.asins', { present: tracker.present, ever: tracker.ever }))}
          {fact(
            t('page.alerts'),
            alerts.length
              ? alerts.map((name) => t(`page.alertNames.${name}`)).join(', ')
              : t('page.alertsOff'),
            'tracker-alerts',
          )}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
