import { isListFile } from '../../../lib/files';
/**
 * State and actions of the ASIN filter tool. The work itself is the pure functions of asin-filter.ts,
 * run through asinTasks.ts (in a Web Worker for large texts); controls are disabled while it runs.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { TOAST_AUTO_CLOSE_MS } from '../../../app/api';
import { saveTextFile } from '../../../lib/download';
import {
  cleanAsinText,
  downloadFileName,
  exceedsUploadWarning,
  formatAsinList,
  LARGE_TEXT_CHARS,
  previewText,
  type CleanedText,
  type DigitalMode,
  type FilterOutcome,
} from '../asin-filter';
import { runAsinTaskAsync } from '../asinTasks';

type Tone = 'red' | 'yellow' | 'green' | 'blue';

const EMPTY: Omit<CleanedText, 'text'> = { cleanedLength: 0, entries: 0, lengthError: false };

export function useAsinFilter() {
  const { t } = useTranslation('filter-tool');
  const [text, setText] = useState('');
  const [cleaned, setCleaned] = useState<Omit<CleanedText, 'text'>>(EMPTY);
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
    if (raw.length < LARGE_TEXT_CHARS) {
      const { text: cleanedText, ...rest } = cleanAsinText(raw);
      setText(cleanedText);
      setCleaned(rest);
      return;
    }
    setLoading(true);
    try {
      const { text: cleanedText, ...rest } = await runAsinTaskAsync({ kind: 'clean', text: raw });
      if (mine !== generation.current) return;
      setText(cleanedText);
      setCleaned(rest);
    } finally {
      if (mine === generation.current) setLoading(false);
    }
  }, []);

  /** A paste that makes the text large is taken over: the browser never puts a megabyte in the textarea. */
  const paste = useCallback(
    (pasted: string, selectionStart: number, selectionEnd: number): boolean => {
      const next = text.slice(0, selectionStart) + pasted + text.slice(selectionEnd);
      if (next.length < LARGE_TEXT_CHARS) return false;
      void changeText(next);
      return true;
    },
    [changeText, text],
  );

  const upload = useCallback(
    async (files: File[]) => {
      if (files.length === 0) return;
      const rejected = files.filter((f) => !isListFile(f));
      const accepted = files.filter((f) => isListFile(f));
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
    if (!text || cleaned.lengthError) return;
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
  }, [cleaned.lengthError, digital, notify, removeDuplicates, t, text]);

  const large = text.length >= LARGE_TEXT_CHARS;
  const inputPreview = useMemo(() => (large ? previewText(text).preview : ''), [large, text]);
  // The result box shows the beginning of a long result; copy and download take all of it.
  const resultPreview = useMemo(
    () => (outcome ? previewText(formatAsinList(outcome.asins)) : { preview: '', truncated: false }),
    [outcome],
  );
  const resultText = useCallback(() => (outcome ? formatAsinList(outcome.asins) : ''), [outcome]);

  const download = useCallback(() => {
    if (!outcome || outcome.asins.length === 0) return;
    saveTextFile(formatAsinList(outcome.asins), downloadFileName(outcome.counts.result));
  }, [outcome]);

  const reset = useCallback(() => {
    generation.current += 1;
    setText('');
    setCleaned(EMPTY);
    setRemoveDuplicatesState(false);
    setDigitalState('keep');
    setOutcome(null);
    setLoading(false);
  }, []);

  return {
    text,
    large,
    inputPreview,
    cleanedLength: cleaned.cleanedLength,
    entries: cleaned.entries,
    lengthError: cleaned.lengthError,
    removeDuplicates,
    digital,
    outcome,
    resultPreview,
    resultText,
    loading,
    changeText,
    paste,
    upload,
    setRemoveDuplicates,
    setDigital,
    apply,
    download,
    reset,
  };
}
