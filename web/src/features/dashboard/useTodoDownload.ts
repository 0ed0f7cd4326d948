import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { currentToken, TOAST_AUTO_CLOSE_MS } from '../../app/api';
import { useAppSelector } from '../../app/hooks';
import { useLocale } from '../../app/locale';
import { saveBlob } from '../../lib/download';
import { useApiErrorText } from '../../lib/useApiErrorText';
import { fetchDownload, type DownloadFormat } from './download';
import type { Todo } from './model';

/** Downloads a scan's result (.txt, or its table as .csv or .xlsx) and saves it; a failure is toasted. */
export function useTodoDownload(todo: Todo) {
  const locale = useLocale();
  const token = useAppSelector(currentToken);
  const errorText = useApiErrorText('dashboard');
  const [downloading, setDownloading] = useState(false);
  const download = async (format: DownloadFormat) => {
    setDownloading(true);
    try {
      const { blob, name } = await fetchDownload({
        id: todo.id,
        fileName: todo.fileName,
        format,
        token,
        locale,
      });
      saveBlob(blob, name);
    } catch (error) {
      notifications.show({
        color: 'red',
        message: errorText(error),
        autoClose: TOAST_AUTO_CLOSE_MS,
        style: { whiteSpace: 'pre-line' },
      });
    } finally {
      setDownloading(false);
    }
  };
  return { downloading, download };
}
