import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { parameterInput, systemParametersForm } from '@shelfscan/validation';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/locale';
import { formatDate } from '../../../lib/date';
import { useSchemaForm, useServerSubmit } from '../../../lib/form';
import { useApiErrorText } from '../../../lib/useApiErrorText';
import { notifySuccess } from '../actions';
import {
  useParameterChangesQuery,
  useSaveSystemParametersMutation,
  useSystemParametersQuery,
} from '../api/adminApi';
import { Empty } from '../components/Empty';
import { Pager } from '../components/Pager';
import type { ParameterChange, SystemParameter } from '../model';

const VALUE_FIELDS = ['value1', 'value2', 'value3'] as const;

/**
 * `/admin/system-parameters`: the whole list edited at once (key, description, value1–3), each value1
 * checked by its key before sending, the server's per-item 422 (`parameters[i].value1`) on its field,
 * then the audit: who changed what, when, before → after.
 */
export function SystemParametersPage() {
  const parameters = useSystemParametersQuery();
  return (
    <Stack gap="xl">
      {parameters.data ? (
        // A saved list comes back from the server: the form starts again from it.
        <ParametersForm key={JSON.stringify(parameters.data)} parameters={parameters.data} />
      ) : (
        <Skeleton h={300} />
      )}
      <ChangesList />
    </Stack>
  );
}

function ParametersForm({ parameters }: { parameters: SystemParameter[] }) {
  const { t } = useTranslation('admin');
  const errorText = useApiErrorText('admin');
  const [save, { isLoading }] = useSaveSystemParametersMutation();
  const form = useSchemaForm(systemParametersForm, { parameters: parameters.map((p) => ({ ...p })) });
  const { error, onSubmit } = useServerSubmit(form, errorText, async (values) => {
    await save(values.parameters.map((p) => ({ ...p }))).unwrap();
    notifySuccess(t('saved'));
  });

  if (parameters.length === 0) return <Empty title={t('parameters.none')} testId="parameters-empty" />;
  return (
    <form noValidate onSubmit={onSubmit} data-testid="parameters-form">
      <Text size="sm" c="dimmed" mb="sm">
        {t('parameters.intro')}
      </Text>
      <Table.ScrollContainer minWidth={960}>
        <Table verticalSpacing="sm" data-testid="parameters-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={220}>{t('parameters.key')}</Table.Th>
              <Table.Th>{t('parameters.description')}</Table.Th>
              <Table.Th w={180}>{t('parameters.value1')}</Table.Th>
              <Table.Th w={160}>{t('parameters.value2')}</Table.Th>
              <Table.Th w={160}>{t('parameters.value3')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {form.values.parameters.map((p, i) => {
              // value1 is checked by the key's rule: a number key gets the phone's number pad.
              const kind = parameterInput(p.key);
              const inputMode = kind === 'integer' ? 'numeric' : kind === 'decimal' ? 'decimal' : undefined;
              return (
                <Table.Tr key={p.key} data-testid={`parameter-${p.key}`}>
                  <Table.Td>
                    <Code>{p.key}</Code>
                  </Table.Td>
                  <Table.Td>
                    {/* What the key means, in the page's language (the catalogue's own words for
                        a key this page knows; the stored description otherwise). Sent back as stored. */}
                    <Text size="sm" data-testid={`parameter-${p.key}-description`}>
                      {t(`parameters.about.${p.key}`, { defaultValue: p.description })}
                    </Text>
                    {form.errors[`parameters.${i}.description`] && (
                      <Text size="xs" c="red">
                        {form.errors[`parameters.${i}.description`]}
                      </Text>
                    )}
                  </Table.Td>
                  {VALUE_FIELDS.map((field, n) => (
                    <Table.Td key={field}>
                      {/* A plain text box for numbers too: what is typed stays as typed ("-5" is not
                          turned into 5); the key's rule refuses it with the field's message. */}
                      <TextInput
                        aria-label={t('parameters.valueOf', { key: p.key, n: n + 1 })}
                        size="xs"
                        inputMode={field === 'value1' ? inputMode : undefined}
                        {...form.getInputProps(`parameters.${i}.${field}`)}
                        data-testid={`parameter-${p.key}-${field}`}
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {error && (
        <Alert color="red" mt="sm" style={{ whiteSpace: 'pre-line' }} data-testid="parameters-error">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => form.reset()} disabled={!form.isDirty()}>
          {t('parameters.reset')}
        </Button>
        <Button type="submit" loading={isLoading} data-testid="parameters-save">
          {t('parameters.save')}
        </Button>
      </Group>
    </form>
  );
}

type Diff = { key: string; field: string; before: string; after: string };

/** What one change did: every field of every key that differs, before → after. */
function diffOf(change: ParameterChange): Diff[] {
  const before = new Map(change.before.map((p) => [p.key, p]));
  const out: Diff[] = [];
  for (const after of change.after) {
    const old = before.get(after.key);
    for (const field of ['description', ...VALUE_FIELDS] as const) {
      const was = old?.[field] ?? '';
      if (was !== after[field]) out.push({ key: after.key, field, before: was, after: after[field] });
    }
  }
  return out;
}

function ChangesList() {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const [page, setPage] = useState(0);
  const changes = useParameterChangesQuery(page);
  return (
    <section>
      <Title order={2} size="h4" mb="sm">
        {t('parameters.audit')}
      </Title>
      {changes.isError ? (
        <Alert color="yellow" data-testid="parameters-audit-error">
          {t('parameters.auditFailed')}
        </Alert>
      ) : !changes.data ? (
        <Skeleton h={80} />
      ) : changes.data.items.length === 0 ? (
        <Empty title={t('parameters.noChanges')} testId="parameters-audit-empty" />
      ) : (
        <>
          <Stack gap="sm" data-testid="parameters-audit">
            {changes.data.items.map((change) => {
              const diff = diffOf(change);
              return (
                <Paper key={change.id} withBorder p="sm" radius="md" data-testid={`change-${change.id}`}>
                  <Group gap="xs" mb={diff.length ? 'xs' : 0}>
                    <Text size="sm" fw={600}>
                      {change.changedBy}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {formatDate(change.changedAt, locale)}
                    </Text>
                    {diff.length === 0 && (
                      <Badge size="sm" variant="light" color="gray">
                        {t('parameters.noDifference')}
                      </Badge>
                    )}
                  </Group>
                  {diff.map((d) => (
                    <Text key={`${d.key}.${d.field}`} size="sm">
                      <Code>{d.key}</Code> {t(`parameters.${d.field}`)}: <s>{d.before || '∅'}</s> →{' '}
                      <b>{d.after || '∅'}</b>
                    </Text>
                  ))}
                </Paper>
              );
            })}
          </Stack>
          <Pager page={page} total={changes.data.total} onChange={setPage} testId="parameters-audit-pager" />
        </>
      )}
    </section>
  );
}
