import { Suspense, useMemo, useState } from 'react';
import { Alert, Button, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../app/layouts/PageShell';
import { useListTrackersQuery } from '../../../app/trackersApi';
import { lazyNamed } from '../../../lib/lazy';
import { TrackerCard } from '../components/TrackerCard';
import type { TrackerPrefill } from '../form';
import { TRACKER_POLL_MS, type Tracker } from '../model';

// The dialog (and its inputs) loads when it is opened.
const TrackerDialog = lazyNamed(() => import('../components/TrackerDialog'), 'TrackerDialog');

/** The query that opens the add dialog (`?add=1`), with what a scan hands over ("track this store"). */
const PREFILL_KEYS = ['storeUrl', 'market', 'searchType', 'keyword', 'fileName'] as const;

/**
 * The tracked stores (issue 18): each with its schedule in words, next run, last run's diff and its
 * actions; asked again while one of them runs. `?add=1` (the dashboard's "Track a store" and a scan's
 * "Track this store") opens the add dialog, pre-filled from the query.
 */
export function TrackersPage() {
  const { t } = useTranslation('trackers');
  const [query, setQuery] = useSearchParams();
  const [running, setRunning] = useState(false);
  const list = useListTrackersQuery(undefined, { pollingInterval: running ? TRACKER_POLL_MS : 0 });
  const trackers = list.data;
  const anyRunning = !!trackers?.some((tracker) => tracker.running);
  if (anyRunning !== running) setRunning(anyRunning);
  const [editing, setEditing] = useState<Tracker | null>(null);
  const adding = query.get('add') === '1';
  const queryText = query.toString();
  const prefill = useMemo(() => {
    const params = new URLSearchParams(queryText);
    const values: TrackerPrefill = {};
    for (const key of PREFILL_KEYS) values[key] = params.get(key) ?? undefined;
    return values;
  }, [queryText]);
  const closeAdd = () =>
    setQuery(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of ['add', ...PREFILL_KEYS]) next.delete(key);
        return next;
      },
      { replace: true },
    );
  const openAdd = () => setQuery({ add: '1' }, { replace: true });

  return (
    <PageShell
      title={t('title')}
      description={t('description')}
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={openAdd} data-testid="tracker-add">
          {t('add')}
        </Button>
      }
    >
      {list.isError && !trackers ? (
        <Alert color="red" data-testid="trackers-error">
          {t('loadFailed')}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : !trackers ? (
        <Skeleton height={160} />
      ) : trackers.length === 0 ? (
        <Stack gap="sm" align="flex-start" data-testid="trackers-empty">
          <Title order={2} size="h4">
            {t('empty.title')}
          </Title>
          <Text c="dimmed" maw={640}>
            {t('empty.text')}
          </Text>
          <Button leftSection={<IconPlus size={16} />} onClick={openAdd}>
            {t('empty.add')}
          </Button>
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="trackers-list">
          {trackers.map((tracker) => (
            <TrackerCard key={tracker.id} tracker={tracker} onEdit={() => setEditing(tracker)} />
          ))}
        </SimpleGrid>
      )}
      <Suspense fallback={null}>
        {adding && <TrackerDialog prefill={prefill} onClose={closeAdd} />}
        {editing && <TrackerDialog tracker={editing} onClose={() => setEditing(null)} />}
      </Suspense>
    </PageShell>
  );
}
