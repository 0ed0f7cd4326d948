import { ActionIcon, Menu } from '@mantine/core';
import {
  IconDots,
  IconDownload,
  IconPlayerStop,
  IconRefresh,
  IconRepeat,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/useSession';
import type { DownloadFormat } from '../download';
import { isRunning, type Todo } from '../model';

/** The table downloads: what the scan saw of each ASIN (an ASIN check: its rows), built by the gateway. */
const TABLE_FORMATS = [
  ['csv', 'card.downloadCsv'],
  ['xlsx', 'card.downloadXlsx'],
] as const;

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
