import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Group,
  Menu,
  Pagination,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentToken } from '../../../app/api';
import { useAppSelector } from '../../../app/hooks';
import { useLocale } from '../../../app/locale';
import { useFileDownload } from '../../../lib/useFileDownload';
import { dashboardApi, useBatchesQuery } from '../api/dashboardApi';
import { fetchBatchDownload, type DownloadFormat } from '../download';
import { BATCH_PAGE_SIZE, type Batch } from '../model';

const FORMATS: DownloadFormat[] = ['txt', 'csv', 'xlsx'];
/** The page of batches is read again this often while one of them runs. */
const POLL_MS = 2_000;

const running = (b: Batch) => b.progress.finished < b.progress.scans;

/** One batch: its name, market and type, the combined progress of its scans, the combined downloads. */
function BatchCard({ batch }: { batch: Batch }) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const token = useAppSelector(currentToken);
  const file = useFileDownload('dashboard');
  const { id } = batch;
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
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" aria-label={t('batch.download')} data-testid={`batch-${id}-menu`}>
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

/**
 * The user's batches above the board, newest first, a page at a time (GET /api/search-info/batch:
 * every batch of the account, made here, in another browser or through the API). The page is read
 * again while one of its batches runs.
 */
export function BatchCards() {
  const { t } = useTranslation('dashboard');
  const [page, setPage] = useState(0);
  // Polled while a shown batch runs (the cached answer says; a failed read stops it).
  const cached = dashboardApi.endpoints.batches.useQueryState(page);
  const polling = !cached.isError && !!cached.data?.items.some(running);
  const { data } = useBatchesQuery(page, { pollingInterval: polling ? POLL_MS : 0 });
  if (!data) return null;
  if (!data.total)
    return (
      <Text size="sm" c="dimmed" mb="sm" data-testid="batches-empty">
        {t('batch.none')}
      </Text>
    );
  const pages = Math.ceil(data.total / BATCH_PAGE_SIZE);
  return (
    <Stack gap="xs" mb="sm" data-testid="batches" data-polling={polling}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        {data.items.map((batch) => (
          <BatchCard key={batch.id} batch={batch} />
        ))}
      </SimpleGrid>
      {pages > 1 && (
        <Pagination
          size="sm"
          total={pages}
          value={page + 1}
          onChange={(value) => setPage(value - 1)}
          aria-label={t('batch.pages')}
          data-testid="batches-pages"
        />
      )}
    </Stack>
  );
}
