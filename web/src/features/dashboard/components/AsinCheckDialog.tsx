import { isListFile } from '../../../lib/files';
import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  FileButton,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { SOLD_MARKET_CODES } from '@shelfscan/markets';
import { asinCheckForm, type Market } from '@shelfscan/validation';
import { useTranslation } from 'react-i18next';
import { TOAST_AUTO_CLOSE_MS } from '../../../app/api';
import { useSchemaForm } from '../../../lib/form';
import { useCreateAsinCheckMutation } from '../api/dashboardApi';
import { LIST_LIMIT, type Quota } from '../model';
import { useMarketNames } from '../../../lib/useMarketNames';
import { QuotaNote } from './QuotaNote';
import { useCreateError } from './useCreateError';

interface Values extends Record<string, unknown> {
  fileName: string;
  market: string;
  asins: string;
}

const countAsins = (text: string) => text.split(/[\s,]+/).filter(Boolean).length;

/** The ASIN check: a file name, a market and a list of ASINs typed, pasted or read from a .txt file. */
export function AsinCheckDialog({ quota, onClose }: { quota: Quota | undefined; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const limit = quota?.listLimit ?? LIST_LIMIT;
  const schema = useMemo(() => asinCheckForm(limit), [limit]);
  const form = useSchemaForm<Values>(schema, { fileName: '', market: '', asins: '' });
  const [error, setError] = useState<string | null>(null);
  const createError = useCreateError();
  const names = useMarketNames();
  const [createAsinCheck, creating] = useCreateAsinCheckMutation();

  const upload = async (file: File | null) => {
    if (!file) return;
    if (!isListFile(file)) {
      form.setFieldError('asins', t('create.onlyText'));
      return;
    }
    form.setFieldValue('asins', await file.text());
  };

  const submit = async (values: Values) => {
    setError(null);
    try {
      await createAsinCheck({
        fileName: values.fileName.trim(),
        market: values.market as Market,
        asins: values.asins.trim(),
      }).unwrap();
      notifications.show({ color: 'green', message: t('messages.created'), autoClose: TOAST_AUTO_CLOSE_MS });
      onClose();
    } catch (e) {
      setError(createError(form, e));
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('create.asinCheck')} size="lg" data-testid="dialog-asinCheck">
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="sm">
          <QuotaNote quota={quota} deep={false} />
          <TextInput
            label={t('create.fileName')}
            required
            {...form.getInputProps('fileName')}
            data-testid="check-file-name"
          />
          <Select
            label={t('create.market')}
            required
            data={SOLD_MARKET_CODES.map((code) => ({ value: code, label: names.name(code) }))}
            {...form.getInputProps('market')}
            data-testid="check-market"
          />
          <Textarea
            label={t('create.asins')}
            description={t('create.asinsHint', { count: limit })}
            required
            rows={6}
            {...form.getInputProps('asins')}
            data-testid="check-asins"
          />
          <Group justify="space-between">
            <Text size="xs" c="dimmed" data-testid="check-count">
              {t('create.asinCount', { count: countAsins(form.getValues().asins) })}
            </Text>
            <FileButton onChange={(file) => void upload(file)} accept=".txt,text/plain">
              {(props) => (
                <Button {...props} variant="light" size="xs" leftSection={<IconUpload size={14} />}>
                  {t('create.upload')}
                </Button>
              )}
            </FileButton>
          </Group>
          {error && (
            <Alert color="red" style={{ whiteSpace: 'pre-line' }} data-testid="check-error">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('create.close')}
            </Button>
            <Button type="submit" loading={creating.isLoading} data-testid="check-submit">
              {t('create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
