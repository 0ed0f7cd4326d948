import { isListFile } from '../../../lib/files';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  FileButton,
  Group,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorText } from '../../../lib/useApiErrorText';
import { useFilterToolCompletedScansQuery } from '../api/completedScansApi';
import { useListSets, type OperationKind } from './useListSets';

const KINDS: readonly OperationKind[] = ['union', 'intersection', 'difference', 'atLeast'];
/** Lists can be text files or CSV exports: one ASIN a line or a column of them. */
const isTableFile = (f: File) => isListFile(f, ['txt', 'csv']);

/**
 * Set operations on ASIN lists (issue 19), under the filter tool: lists from my completed scans,
 * pastes or files, named; union, intersection, A minus B, "in at least k of n"; "my own store"
 * subtracted from any result; counts before and after, copy, .txt and .csv downloads.
 */
export function SetOperationsPanel({ disabled }: { disabled: boolean }) {
  const { t, i18n } = useTranslation('filter-tool');
  const n = (value: number) => value.toLocaleString(i18n.language);
  const errorText = useApiErrorText('filter-tool');
  const sets = useListSets();
  const scans = useFilterToolCompletedScansQuery(undefined, { skip: disabled });
  const [pasteName, setPasteName] = useState('');
  const [pasted, setPasted] = useState('');
  const [error, setError] = useState<string | null>(null);
  const busy = disabled || sets.loading;
  const listOptions = sets.chosen.map((l) => ({ value: l.id, label: l.name }));
  // The preview's text is laid out in a later commit than the counts: two small tasks, not one.
  const preview = useDeferredValue(sets.result?.preview ?? '');

  const guard = async (work: () => Promise<void>) => {
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(errorText(e));
    }
  };
  const addPasted = () =>
    guard(async () => {
      await sets.add(
        pasteName.trim() || t('sets.pastedName', { count: sets.lists.length + 1 }),
        new TextEncoder().encode(pasted),
      );
      setPasted('');
      setPasteName('');
    });
  const upload = (files: File[]) =>
    guard(async () => {
      const rejected = files.filter((f) => !isTableFile(f));
      if (rejected.length)
        setError(t('messages.onlyTextFilesAllowed', { names: rejected.map((f) => f.name).join(', ') }));
      for (const file of files.filter(isTableFile))
        await sets.add(file.name.replace(/\.(txt|csv)$/i, ''), new Uint8Array(await file.arrayBuffer()));
    });

  return (
    <Stack gap="sm" data-testid="set-ops">
      <Title order={3} size="h5">
        {t('sets.title')}
      </Title>
      <Text size="xs" c="dimmed">
        {t('sets.intro')}
      </Text>

      <Group align="flex-end" gap="xs">
        <Select
          style={{ flex: 1 }}
          label={t('sets.fromScan')}
          placeholder={scans.data?.length ? t('sets.pickScan') : t('sets.noScans')}
          data={(scans.data ?? []).map((s) => ({
            value: s.id,
            label: s.asinCount === null ? s.fileName : `${s.fileName} (${n(s.asinCount)})`,
          }))}
          value={null}
          searchable
          disabled={busy || !scans.data?.length}
          onChange={(id) => {
            const scan = scans.data?.find((s) => s.id === id);
            if (scan) void guard(() => sets.addScan(scan));
          }}
          data-testid="set-ops-scan"
        />
        <FileButton
          onChange={(files) => void upload(files)}
          accept=".txt,.csv,text/plain,text/csv"
          multiple
          disabled={busy}
        >
          {(props) => (
            <Button {...props} variant="default" disabled={busy} data-testid="set-ops-upload">
              {t('sets.upload')}
            </Button>
          )}
        </FileButton>
      </Group>
      <TextInput
        label={t('sets.pasteName')}
        value={pasteName}
        onChange={(e) => setPasteName(e.currentTarget.value)}
        disabled={busy}
        data-testid="set-ops-paste-name"
      />
      <Textarea
        placeholder={t('placeholder')}
        rows={3}
        value={pasted}
        onChange={(e) => setPasted(e.currentTarget.value)}
        disabled={busy}
        data-testid="set-ops-paste"
      />
      <Group>
        <Button
          size="xs"
          variant="light"
          onClick={() => void addPasted()}
          disabled={busy || !pasted.trim()}
          data-testid="set-ops-add"
        >
          {t('sets.addList')}
        </Button>
      </Group>
      {error && (
        <Alert color="red" data-testid="set-ops-error">
          {error}
        </Alert>
      )}

      {sets.lists.length > 0 && (
        <Table data-testid="set-ops-lists" verticalSpacing={4}>
          <Table.Tbody>
            {sets.lists.map((list) => (
              <Table.Tr key={list.id} data-testid="set-ops-list">
                <Table.Td>
                  <Checkbox
                    checked={list.chosen}
                    onChange={(e) => sets.choose(list.id, e.currentTarget.checked)}
                    aria-label={t('sets.use')}
                    disabled={busy}
                    data-testid="set-ops-list-use"
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    value={list.name}
                    onChange={(e) => sets.rename(list.id, e.currentTarget.value)}
                    aria-label={t('sets.name')}
                    data-testid="set-ops-list-name"
                  />
                </Table.Td>
                <Table.Td data-testid="set-ops-list-size">{list.size === null ? '…' : n(list.size)}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => sets.saveAsMyStore(list)}
                      disabled={busy}
                      data-testid="set-ops-list-mine"
                    >
                      {t('sets.saveAsMine')}
                    </Button>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => sets.remove(list.id)}
                      aria-label={t('sets.remove')}
                      disabled={busy}
                      data-testid="set-ops-list-remove"
                    >
                      <IconTrash size={14} />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}

      <Select
        label={t('sets.operation')}
        data={KINDS.map((k) => ({ value: k, label: t(`sets.kind.${k}`) }))}
        value={sets.kind}
        onChange={(v) => v && sets.setKind(v as OperationKind)}
        allowDeselect={false}
        disabled={busy}
        data-testid="set-ops-kind"
      />
      {sets.kind === 'difference' && (
        <Group grow>
          <Select
            label={t('sets.a')}
            data={listOptions}
            value={sets.a}
            onChange={sets.setA}
            disabled={busy}
            data-testid="set-ops-a"
          />
          <Select
            label={t('sets.b')}
            data={listOptions}
            value={sets.b}
            onChange={sets.setB}
            disabled={busy}
            data-testid="set-ops-b"
          />
        </Group>
      )}
      {sets.kind === 'atLeast' && (
        <NumberInput
          label={t('sets.k', { count: sets.chosen.length })}
          min={1}
          max={Math.max(1, sets.chosen.length)}
          value={sets.k}
          onChange={(v) => sets.setK(Math.max(1, Number(v) || 1))}
          disabled={busy}
          data-testid="set-ops-k"
        />
      )}
      <Group justify="space-between" wrap="nowrap">
        <Checkbox
          label={
            sets.myStore
              ? t('sets.subtractMine', { name: sets.myStore.name, count: sets.myStore.size })
              : t('sets.noMine')
          }
          checked={sets.subtractMine}
          onChange={(e) => sets.setSubtractMine(e.currentTarget.checked)}
          disabled={busy || !sets.myStore}
          data-testid="set-ops-subtract"
        />
        {sets.myStore && (
          <Button
            size="compact-xs"
            variant="subtle"
            color="gray"
            onClick={sets.forgetMyStore}
            data-testid="set-ops-forget-mine"
          >
            {t('sets.forgetMine')}
          </Button>
        )}
      </Group>
      <Button
        onClick={() => void guard(sets.compute)}
        loading={sets.loading}
        disabled={busy || !sets.ready || sets.computing}
        data-testid="set-ops-compute"
      >
        {t('sets.compute')}
      </Button>

      {sets.result && (
        <Stack gap="xs" data-testid="set-ops-result">
          <Text size="sm" data-testid="set-ops-counts">
            {t('sets.counts', {
              lists: sets.result.names
                .map((name, i) => `${name}: ${n(sets.result!.listSizes[i])}`)
                .join(', '),
              before: n(sets.result.before),
              after: n(sets.result.after),
            })}
          </Text>
          {sets.subtractMine && sets.myStore && (
            <Text size="xs" c="dimmed" data-testid="set-ops-mine-removed">
              {t('sets.mineRemoved', { count: sets.result.before - sets.result.after })}
            </Text>
          )}
          <Textarea
            readOnly
            rows={6}
            value={preview}
            styles={{ input: { fontFamily: 'monospace' } }}
            data-testid="set-ops-preview"
          />
          {sets.result.truncated && (
            <Text size="xs" c="dimmed">
              {t('resultTruncated', { count: sets.result.after })}
            </Text>
          )}
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              disabled={!sets.result.after}
              onClick={() => void guard(sets.copy)}
              data-testid="set-ops-copy"
            >
              {sets.copied ? t('copied') : t('copy')}
            </Button>
            <Button
              size="xs"
              variant="light"
              disabled={!sets.result.after}
              onClick={() => void guard(sets.downloadTxt)}
              data-testid="set-ops-download-txt"
            >
              {t('sets.downloadTxt')}
            </Button>
            <Button
              size="xs"
              variant="light"
              disabled={!sets.result.after}
              onClick={() => void guard(sets.downloadCsv)}
              data-testid="set-ops-download-csv"
            >
              {t('sets.downloadCsv')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
