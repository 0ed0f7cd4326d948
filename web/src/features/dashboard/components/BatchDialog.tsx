import { isListFile } from '../../../lib/files';
import { useState } from 'react';
import {
  Alert,
  Button,
  FileButton,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { SOLD_MARKET_CODES } from '@shelfscan/markets';
import {
  BATCH_MAX_STORES,
  batchScanRequest,
  fieldErrors,
  storeLines,
  type Market,
} from '@shelfscan/validation';
import { useTranslation } from 'react-i18next';
import { TOAST_AUTO_CLOSE_MS } from '../../../app/api';
import { readApiError } from '../../../lib/errors';
import { useValidationText } from '../../../lib/form';
import { useMarketNames } from '../../../lib/useMarketNames';
import { useCreateBatchMutation } from '../api/dashboardApi';
import type { Quota } from '../model';
import { QuotaNote } from './QuotaNote';
import { useCreateError } from './useCreateError';

interface Values extends Record<string, unknown> {
  fileName: string;
  market: string;
  searchType: 'standard' | 'deep';
  keyword: string;
  lines: string;
}

/**
 * Many stores at once: one market and scan type, up to 50 store links pasted one a line or read
 * from a .txt/.csv file. Every line is checked before anything is sent (the shared batch schema);
 * a bad line is named by its number, here and in the server's answer.
 */
export function BatchDialog({ quota, onClose }: { quota: Quota | undefined; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const text = useValidationText();
  const names = useMarketNames();
  const createError = useCreateError();
  // The fields are checked on submit with the request's own schema (the lines joined into a list).
  const form = useForm<Values>({
    initialValues: { fileName: '', market: '', searchType: 'standard', keyword: '', lines: '' },
  });
  const [problems, setProblems] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [createBatch, creating] = useCreateBatchMutation();
  const values = form.getValues();
  const count = storeLines(values.lines).length;

  const upload = async (file: File | null) => {
    if (!file) return;
    if (!isListFile(file, ['txt', 'csv'])) {
      form.setFieldError('lines', t('batch.onlyList'));
      return;
    }
    form.setFieldValue('lines', await file.text());
  };

  /** "Line 2: …" for a line, the field's own error otherwise. */
  const show = (errors: { field: string; msg: string }[]) => {
    const lines: string[] = [];
    for (const { field, msg } of errors) {
      const line = /^storeUrls\.(\d+)$/.exec(field)?.[1];
      if (line) lines.push(t('batch.line', { line, message: msg }));
      else if (field === 'storeUrls') form.setFieldError('lines', msg);
      else form.setFieldError(field, msg);
    }
    setProblems(lines);
  };

  const submit = async (v: Values) => {
    setError(null);
    setProblems([]);
    const body = {
      searchType: v.searchType,
      market: v.market as Market,
      fileName: v.fileName.trim(),
      keyword: v.keyword.trim() || undefined,
      storeUrls: storeLines(v.lines),
    };
    const parsed = batchScanRequest.safeParse(body);
    if (!parsed.success) {
      show(fieldErrors(parsed.error).map((e) => ({ field: e.field, msg: String(text(e.msg)) })));
      return;
    }
    try {
      await createBatch(body).unwrap();
      notifications.show({ color: 'green', message: t('batch.created'), autoClose: TOAST_AUTO_CLOSE_MS });
      onClose();
    } catch (e) {
      const { status, errors } = readApiError(e);
      if (status === 422 && errors?.length) show(errors as { field: string; msg: string }[]);
      else setError(createError(form, e));
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('batch.title')} size="lg" data-testid="dialog-batch">
      <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
        <Stack gap="sm">
          <QuotaNote quota={quota} deep={values.searchType === 'deep'} />
          <SegmentedControl
            data={[
              { value: 'standard', label: t('create.standard') },
              { value: 'deep', label: t('create.deep') },
            ]}
            {...form.getInputProps('searchType')}
            data-testid="batch-type"
          />
          <TextInput
            label={t('create.fileName')}
            required
            {...form.getInputProps('fileName')}
            data-testid="batch-file-name"
          />
          <Select
            label={t('create.market')}
            required
            data={SOLD_MARKET_CODES.map((code) => ({ value: code, label: names.name(code) }))}
            {...form.getInputProps('market')}
            data-testid="batch-market"
          />
          <TextInput
            label={t('create.keyword')}
            {...form.getInputProps('keyword')}
            data-testid="batch-keyword"
          />
          <Textarea
            label={t('batch.stores')}
            description={t('batch.storesHint', { count: BATCH_MAX_STORES })}
            required
            rows={6}
            {...form.getInputProps('lines')}
            data-testid="batch-lines"
          />
          <Group justify="space-between">
            <Text size="xs" c={count > BATCH_MAX_STORES ? 'red' : 'dimmed'} data-testid="batch-count">
              {t('batch.count', { count })}
            </Text>
            <FileButton onChange={(file) => void upload(file)} accept=".txt,.csv,text/plain,text/csv">
              {(props) => (
                <Button {...props} variant="light" size="xs" leftSection={<IconUpload size={14} />}>
                  {t('batch.upload')}
                </Button>
              )}
            </FileButton>
          </Group>
          {problems.length > 0 && (
            <Alert color="red" style={{ whiteSpace: 'pre-line' }} data-testid="batch-lines-error">
              {problems.join('\n')}
            </Alert>
          )}
          {error && (
            <Alert color="red" style={{ whiteSpace: 'pre-line' }} data-testid="batch-error">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('create.close')}
            </Button>
            <Button type="submit" loading={creating.isLoading} data-testid="batch-submit">
              {t('batch.submit', { count })}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
