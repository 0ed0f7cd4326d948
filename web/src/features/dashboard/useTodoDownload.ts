import { currentToken } from '../../app/api';
import { useAppSelector } from '../../app/hooks';
import { useLocale } from '../../app/locale';
import { useFileDownload } from '../../lib/useFileDownload';
import { fetchDownload, type DownloadFormat } from './download';
import type { Todo } from './model';

/** Downloads a scan's result (.txt, or its table as .csv or .xlsx) and saves it; a failure is toasted. */
export function useTodoDownload(todo: Todo) {
  const locale = useLocale();
  const token = useAppSelector(currentToken);
  const file = useFileDownload('dashboard');
  const download = (format: DownloadFormat) =>
    file.download(() => fetchDownload({ id: todo.id, fileName: todo.fileName, format, token, locale }));
  return { downloading: file.downloading, download };
}
