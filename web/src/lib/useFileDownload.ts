import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from '../app/api';
import { saveBlob } from './download';
import { useApiErrorText } from './useApiErrorText';

/**
 * A download button's work: fetch the file, save it under its name, and toast a failure in the
 * feature's words; `downloading` while it runs (the button's busy state, so a second click waits).
 */
export function useFileDownload(namespace: string) {
  const errorText = useApiErrorText(namespace);
  const [downloading, setDownloading] = useState(false);
  const download = async (fetchFile: () => Promise<{ blob: Blob; name: string }>) => {
    setDownloading(true);
    try {
      const { blob, name } = await fetchFile();
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
