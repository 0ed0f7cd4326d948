import { useEffect, useState } from 'react';
import { ActionIcon, Badge, Group, Menu, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentToken } from '../../../app/api';
import { useAppSelector } from '../../../app/hooks';
import { useLocale } from '../../../app/locale';
import { useFileDownload } from '../../../lib/useFileDownload';
import { dashboardApi, useBatchQuery } from '../api/dashboardApi';
import { BATCHES_CHANGED, forgetBatch, recentBatches } from '../batches/recentBatches';
import { fetchBatchDownload, type DownloadFormat } from '../download';

const FORMATS: DownloadFormat[] = ['txt', 'csv', 'xlsx'];
/** A running batch's progress is read again this often. */
const POLL_MS = 2_000;

/** One batch: its name, market and type, the combined progress of its scans, the combined downloads. */
function BatchCard({ id }: { id: string }) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const token = useAppSelector(currentToken);
  const file = useFileDownload('dashboard');
  // Polled while some of its scans run (the cached answer says; a failed read stops it).
  const cached = dashboardApi.endpoints.batch.useQueryState(id);
  const finished =
    cached.isError || (!!cached.data && cached.data.progress.finished >= cached.data.progress.scans);
  const { data: batch } = useBatchQuery(id, { pollingInterval: finished ? 0 : POLL_MS });
  if (!batch) return null;
  const download = (format: DownloadFormat) =>
    file.download(() => fetchBatchDownload({ id, fileName: batch.fileName, format, token, locale }));
  const p = batch.progress;
  return (
    <Paper withBorder p="sm" data-testid={`batch-${id}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} truncate>
            {batch.fileName}
          </Text>
          <Group gap={4} wrap="nowrap">
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('batch.download')}
                  data-testid={`batch-${id}-menu`}
                >
                  <IconDownload size={16} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {FORMATS.map((format) => (
                  <Menu.Item
                    key={format}
                    onClick={() => void download(format)}
                    disabled={file.downloading}
                    data-testid={`batch-${id}-download-${format}`}
                  >
                    {t(`batch.download_${format}`)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
            <ActionIcon variant="subtle" aria-label={t('batch.hide')} onClick={() => forgetBatch(id)}>
              <IconX size={16} />
            </ActionIcon>
          </Group>
        </Group>
        <Group gap={6}>
          <Badge variant="light">{batch.market}</Badge>
          <Badge variant="light">{t(`create.${batch.searchType}`)}</Badge>
        </Group>
        <Progress value={p.percent} data-testid={`batch-${id}-progress`} />
        <Text size="xs" c="dimmed" data-testid={`batch-${id}-summary`}>
          {t('batch.summary', { finished: p.finished, scans: p.scans, count: p.asinsFound })}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The user's recent batches above the board (kept in this browser). */
export function BatchCards() {
  const [ids, setIds] = useState(() => recentBatches());
  useEffect(() => {
    const changed = () => setIds(recentBatches());
    window.addEventListener(BATCHES_CHANGED, changed);
    return () => window.removeEventListener(BATCHES_CHANGED, changed);
  }, []);
  if (!ids.length) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" mb="sm" data-testid="batches">
      {ids.map((id) => (
        <BatchCard key={id} id={id} />
      ))}
    </SimpleGrid>
  );
}
