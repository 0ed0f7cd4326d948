import { ActionIcon, Menu } from '@mantine/core';
import {
  IconDots,
  IconDownload,
  IconEye,
  IconPlayerStop,
  IconRefresh,
  IconRepeat,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../app/locale';
import { useSession } from '../../../app/useSession';
import type { DownloadFormat } from '../download';
import { isRunning, type Todo } from '../model';

/** The table downloads: what the scan saw of each ASIN (an ASIN check: its rows), built by the gateway. */
const TABLE_FORMATS = [
  ['csv', 'card.downloadCsv'],
  ['xlsx', 'card.downloadXlsx'],
] as const;

/**
 * "Track this store": the trackers page's add dialog, pre-filled with a finished store scan's store,
 * market, type (standard or deep; another type is tracked with a standard scan) and keyword. Null for
 * a scan that is not a finished store scan.
 */
export function trackLink(todo: Todo): string | null {
  const finished = todo.status === 'COMPLETED' || todo.status === 'COMPLETED_PARTIAL';
  if (!finished || !todo.storeUrl || todo.searchType === 'asinCheck') return null;
  const query = new URLSearchParams({ add: '1', storeUrl: todo.storeUrl, market: todo.market });
  if (todo.searchType === 'standard' || todo.searchType === 'deep') query.set('searchType', todo.searchType);
  if (todo.keyword) query.set('keyword', todo.keyword);
  return `/trackers?${query}`;
}

/**
 * A scan card's actions: download (.txt, and the table as .csv or .xlsx), run again, delete, and for an
 * admin cancel a running scan or re-queue a failed one.
 */
export function TodoCardMenu({
  todo,
  testId,
  downloading,
  onDownload,
  onConfirm,
  onSetStatus,
}: {
  todo: Todo;
  testId: string;
  downloading: boolean;
  onDownload: (format: DownloadFormat) => void;
  onConfirm: (action: 'delete' | 'rerun') => void;
  onSetStatus: (status: 'CANCELED' | 'PENDING') => void;
}) {
  const { t } = useTranslation('dashboard');
  const { admin } = useSession();
  const running = isRunning(todo);
  const check = todo.searchType === 'asinCheck';
  const track = trackLink(todo);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={t('card.actions')} data-testid={`${testId}-menu`}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconDownload size={14} />}
          disabled={downloading}
          onClick={() => onDownload('txt')}
          data-testid={`${testId}-download`}
        >
          {t(check ? 'card.downloadSold' : 'card.download')}
        </Menu.Item>
        {TABLE_FORMATS.map(([format, label]) => (
          <Menu.Item
            key={format}
            leftSection={<IconDownload size={14} />}
            disabled={downloading}
            onClick={() => onDownload(format)}
            data-testid={`${testId}-download-${format}`}
          >
            {t(label)}
          </Menu.Item>
        ))}
        {track && (
          <Menu.Item
            component={LocaleLink}
            to={track}
            leftSection={<IconEye size={14} />}
            data-testid={`${testId}-track`}
          >
            {t('card.track')}
          </Menu.Item>
        )}
        <Menu.Item
          leftSection={<IconRepeat size={14} />}
          onClick={() => onConfirm('rerun')}
          data-testid={`${testId}-rerun`}
        >
          {t('card.rerun')}
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={14} />}
          onClick={() => onConfirm('delete')}
          data-testid={`${testId}-delete`}
        >
          {t('card.delete')}
        </Menu.Item>
        {admin && (running || todo.status === 'FAILED') && (
          <>
            <Menu.Divider />
            <Menu.Label>{t('card.status')}</Menu.Label>
            {running ? (
              <Menu.Item
                leftSection={<IconPlayerStop size={14} />}
                onClick={() => onSetStatus('CANCELED')}
                data-testid={`${testId}-cancel`}
              >
                {t('card.cancelScan')}
              </Menu.Item>
            ) : (
              <Menu.Item
                leftSection={<IconRefresh size={14} />}
                onClick={() => onSetStatus('PENDING')}
                data-testid={`${testId}-requeue`}
              >
                {t('card.requeue')}
              </Menu.Item>
            )}
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
