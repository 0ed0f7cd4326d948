import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LocaleLink, useLocale } from '../../../app/locale';
import { formatIstanbul } from '../../../lib/date';
import { useMarketNames } from '../../../lib/useMarketNames';
import { runSummary, scheduleText, trackerName, type Tracker } from '../model';
import { TrackerActions } from './TrackerActions';

/** One tracked store of the list: what it watches, when, what its last run found, and its actions. */
export function TrackerCard({ tracker, onEdit }: { tracker: Tracker; onEdit: () => void }) {
  const { t } = useTranslation('trackers');
  const locale = useLocale();
  const names = useMarketNames();
  const testId = `tracker-${tracker.id}`;
  const date = (value: string | null) => formatIstanbul(value, locale);
  const last = tracker.lastRun;
  return (
    <Card withBorder padding="md" component="article" aria-label={trackerName(tracker)} data-testid={testId}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" align="flex-start">
          <Anchor
            component={LocaleLink}
            to={`/trackers/${encodeURIComponent(tracker.id)}`}
            fw={600}
            style={{ overflowWrap: 'anywhere' }}
            data-testid={`${testId}-open`}
          >
            {trackerName(tracker)}
          </Anchor>
          <Group gap={6}>
            {tracker.running && (
              <Badge color="blue" variant="light" data-testid={`${testId}-running`}>
                {t('card.running')}
              </Badge>
            )}
            {tracker.paused && (
              <Badge color="yellow" variant="light" data-testid={`${testId}-paused`}>
                {t('card.paused')}
              </Badge>
            )}
            <Badge color="gray" variant="outline" title={t('card.market')}>
              {names.name(tracker.market)}
            </Badge>
            <Badge color="gray" variant="outline">
              {t(`types.${tracker.searchType}`)}
            </Badge>
          </Group>
        </Group>
        <Anchor
          href={tracker.storeUrl}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          c="dimmed"
          style={{ overflowWrap: 'anywhere' }}
        >
          {tracker.storeUrl}
        </Anchor>
        <Text size="sm" data-testid={`${testId}-schedule`}>
          {scheduleText(tracker, t, locale)}
        </Text>
        <Text size="sm" c="dimmed" data-testid={`${testId}-next`}>
          {tracker.paused || !tracker.nextRunAt
            ? t('card.noNextRun')
            : t('card.nextRun', { date: date(tracker.nextRunAt) })}
        </Text>
        <Text size="sm" data-testid={`${testId}-last`}>
          {last
            ? t('card.lastRun', { date: date(last.startedAt), summary: runSummary(last, t) })
            : t('card.noRun')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('card.asins', { present: tracker.present, ever: tracker.ever })}
        </Text>
        <TrackerActions tracker={tracker} onEdit={onEdit} />
      </Stack>
    </Card>
  );
}
