/**
 * State and actions of the ASIN filter tool. The work itself is the pure functions of asin-filter.ts,
 * run through asinTasks.ts (in a Web Worker for large texts); controls are disabled while it runs.
 */
import { useCallback, useRef, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { TOAST_AUTO_CLOSE_MS } from '../../../app/api';
import { saveTextFile } from '../../../lib/download';
import {
  cleanAsinText,
  downloadFileName,
  exceedsUploadWarning,
  formatAsinList,
  isTextFile,
  type DigitalMode,
  type FilterOutcome,
} from '../asin-filter';
import { runAsinTaskAsync, WORKER_THRESHOLD_CHARS } from '../asinTasks';

type Tone = 'red' | 'yellow' | 'green' | 'blue';

export function useAsinFilter() {
  const { t } = useTranslation('filter-tool');
  const [text, setText] = useState('');
  const [cleanedLength, setCleanedLength] = useState(0);
  const [lengthError, setLengthError] = useState(false);
  const [removeDuplicates, setRemoveDuplicatesState] = useState(false);
  const [digital, setDigitalState] = useState<DigitalMode>('keep');
  const [outcome, setOutcome] = useState<FilterOutcome | null>(null);
  const [loading, setLoading] = useState(false);
  // Each input change gets a number; a late answer for an older text is dropped.
  const generation = useRef(0);

  const notify = useCallback(
    (color: Tone, message: string) =>
      notifications.show({ color, title: t('messages.title'), message, autoClose: TOAST_AUTO_CLOSE_MS }),
    [t],
  );

  const changeText = useCallback(async (raw: string) => {
    const mine = ++generation.current;
    setOutcome(null);
    if (raw.length < WORKER_THRESHOLD_CHARS) {
      const cleaned = cleanAsinText(raw);
      setText(cleaned.text);
      setCleanedLength(cleaned.cleanedLength);
      setLengthError(cleaned.lengthError);
      return;
    }
    setText(raw);
    setLoading(true);
    try {
      const cleaned = await runAsinTaskAsync({ kind: 'clean', text: raw });
      if (mine !== generation.current) return;
      setText(cleaned.text);
      setCleanedLength(cleaned.cleanedLength);
      setLengthError(cleaned.lengthError);
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  }, []);

  const upload = useCallback(
    async (files: File[]) => {
      if (files.length === 0) return;
      const rejected = files.filter((f) => !isTextFile(f));
      const accepted = files.filter(isTextFile);
      if (rejected.length)
        notify('red', t('messages.onlyTextFilesAllowed', { names: rejected.map((f) => f.name).join(', ') }));
      for (const file of accepted) {
        if (exceedsUploadWarning(file.size))
          notify('yellow', t('messages.fileUploadWarningMessage', { name: file.name }));
      }
      if (accepted.length === 0) return;
      setLoading(true);
      try {
        const contents: string[] = [];
        for (const file of accepted) {
          try {
            contents.push(await file.text());
          } catch {
            notify('red', t('messages.readFailed', { name: file.name }));
          }
        }
        const combined = [text, ...contents].filter((part) => part.length > 0).join('\n');
        await changeText(combined);
      } finally {
        setLoading(false);
      }
    },
    [changeText, notify, t, text],
  );

  const setRemoveDuplicates = useCallback((value: boolean) => {
    setRemoveDuplicatesState(value);
    setOutcome(null);
  }, []);

  const setDigital = useCallback((value: DigitalMode) => {
    setDigitalState(value);
    setOutcome(null);
  }, []);

  const apply = useCallback(async () => {
    if (!text || lengthError) return;
    const mine = generation.current;
    setLoading(true);
    try {
      const result = await runAsinTaskAsync({ kind: 'filter', text, options: { removeDuplicates, digital } });
      if (mine !== generation.current) return;
      setOutcome(result);
      if (result.counts.result > 0)
        notify('green', t('messages.filterSuccessMessage', { count: result.counts.result }));
      else notify('blue', t('messages.noResultMessage'));
    } finally {
      setLoading(false);
    }
  }, [digital, lengthError, notify, removeDuplicates, t, text]);

  const resultText = outcome ? formatAsinList(outcome.asins) : '';

  const download = useCallback(() => {
    if (!outcome || outcome.asins.length === 0) return;
    saveTextFile(formatAsinList(outcome.asins), downloadFileName(outcome.counts.result));
  }, [outcome]);

  const reset = useCallback(() => {
    generation.current += 1;
    setText('');
    setCleanedLength(0);
    setLengthError(false);
    setRemoveDuplicatesState(false);
    setDigitalState('keep');
    setOutcome(null);
    setLoading(false);
  }, []);

  return {
    text,
    cleanedLength,
    lengthError,
    removeDuplicates,
    digital,
    outcome,
    resultText,
    loading,
    changeText,
    upload,
    setRemoveDuplicates,
    setDigital,
    apply,
    download,
    reset,
  };
}
