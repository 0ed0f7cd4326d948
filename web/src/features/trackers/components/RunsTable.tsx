import { ActionIcon, Badge, Group, Menu, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentToken } from '../../../app/api';
import { useAppSelector } from '../../../app/hooks';
import { useLocale } from '../../../app/locale';
import { formatIstanbul } from '../../../lib/date';
import { useFileDownload } from '../../../lib/useFileDownload';
import { fetchRunList, type RunFormat, type RunList } from '../download';
import { coveragePercent, runEnded, type TrackerRun } from '../model';

const STATUS_COLORS: Record<TrackerRun['status'], string> = {
  PENDING: 'gray',
  PROCESSING: 'blue',
  COMPLETED: 'green',
  COMPLETED_PARTIAL: 'teal',
  CANCELED: 'orange',
  FAILED: 'red',
};

const FILES: { list: RunList; format: RunFormat; key: string }[] = [
  { list: 'added', format: 'txt', key: 'runs.addedTxt' },
  { list: 'added', format: 'csv', key: 'runs.addedCsv' },
  { list: 'removed', format: 'txt', key: 'runs.removedTxt' },
  { list: 'removed', format: 'csv', key: 'runs.removedCsv' },
];

/**
 * A tracker's runs, newest first: when, status, coverage, added, removed (a partial run: "no removals
 * reported"), not seen, the baseline / partial / above-the-limit badges, and the added and removed
 * lists as .txt or .csv. Scrolls sideways on a phone.
 */
export function RunsTable({ trackerId, runs }: { trackerId: string; runs: TrackerRun[] }) {
  const { t } = useTranslation('trackers');
  const locale = useLocale();
  const token = useAppSelector(currentToken);
  const { downloading, download: save } = useFileDownload('trackers');
  const download = (run: TrackerRun, list: RunList, format: RunFormat) =>
    save(() => fetchRunList({ trackerId, runId: run.id, list, format, token, locale }));

  if (runs.length === 0)
    return (
      <Text c="dimmed" data-testid="runs-empty">
        {t('runs.empty')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="xs" data-testid="runs-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('runs.time')}</Table.Th>
            <Table.Th>{t('runs.status')}</Table.Th>
            <Table.Th>{t('runs.coverage')}</Table.Th>
            <Table.Th>{t('runs.added')}</Table.Th>
            <Table.Th>{t('runs.removed')}</Table.Th>
            <Table.Th>{t('runs.notSeen')}</Table.Th>
            <Table.Th>{t('runs.download')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.map((run) => {
            const ended = runEnded(run);
            const date = formatIstanbul(run.startedAt, locale);
            return (
              <Table.Tr key={run.id} data-testid={`run-${run.id}`}>
                <Table.Td>{date}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <Badge color={STATUS_COLORS[run.status]} variant="light">
                      {t(`statuses.${run.status}`)}
                    </Badge>
                    {run.baseline && (
                      <Badge color="gray" variant="outline" data-testid={`run-${run.id}-baseline`}>
                        {t('runs.baseline')}
                      </Badge>
                    )}
                    {ended && !run.complete && (
                      <Badge color="orange" variant="outline" data-testid={`run-${run.id}-partial`}>
                        {t('runs.partial')}
                      </Badge>
                    )}
                    {run.aboveLimit && (
                      <Badge color="grape" variant="outline" data-testid={`run-${run.id}-above-limit`}>
                        {t('runs.aboveLimit')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td data-testid={`run-${run.id}-coverage`}>
                  {coveragePercent(run.coverage, locale)}
                </Table.Td>
                <Table.Td data-testid={`run-${run.id}-added`}>{ended ? `+${run.addedCount}` : '—'}</Table.Td>
                <Table.Td data-testid={`run-${run.id}-removed`}>
                  {!ended ? '—' : run.complete ? `−${run.removedCount}` : t('runs.noRemovals')}
                </Table.Td>
                <Table.Td data-testid={`run-${run.id}-not-seen`}>{ended ? run.notSeen : '—'}</Table.Td>
                <Table.Td>
                  {ended && (
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon
                          variant="subtle"
                          disabled={downloading}
                          aria-label={t('runs.downloadOf', { date })}
                          data-testid={`run-${run.id}-download`}
                        >
                          <IconDownload size={16} />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        {FILES.filter(({ list }) => list === 'added' || run.complete).map((file) => (
                          <Menu.Item
                            key={file.key}
                            onClick={() => void download(run, file.list, file.format)}
                            data-testid={`run-${run.id}-${file.list}-${file.format}`}
                          >
                            {t(file.key)}
                          </Menu.Item>
                        ))}
                      </Menu.Dropdown>
                    </Menu>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
