import {
  Alert,
  Button,
  Checkbox,
  Divider,
  FileButton,
  Group,
  Loader,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { IconLock } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPremiumPlan, useGetSearchQuotaQuery } from '../../../app/searchQuotaApi';
import { useSession } from '../../../app/useSession';
import { disabledControls, type DigitalMode, type FilterCounts } from '../asin-filter';
import { SetOperationsPanel } from './SetOperationsPanel';
import { useAsinFilter } from './useAsinFilter';

const COUNT_KEYS = [
  'total',
  'duplicate',
  'digital',
  'result',
] as const satisfies readonly (keyof FilterCounts)[];
const DIGITAL_MODES: readonly DigitalMode[] = ['keep', 'remove', 'only'];
const MONOSPACE = { input: { fontFamily: 'monospace' } };

/**
 * The ASIN filter tool (side panel of the index layout, product spec parts 1, 4, 5, 9): paste or upload
 * .txt files, clean, remove duplicates, remove or keep only digital content, see the counts, copy,
 * download, reset. It needs a premium plan (any of standard, deep, functional, from the quota call).
 */
export function FilterToolPanel() {
  const { t, i18n } = useTranslation('filter-tool');
  const formatNumber = (n: number) => n.toLocaleString(i18n.language);
  const { loggedIn } = useSession();
  const quota = useGetSearchQuotaQuery(undefined, { skip: !loggedIn });
  const premium = hasPremiumPlan(quota.data);
  const planPending = loggedIn && quota.isLoading;
  const tool = useAsinFilter();
  const clipboard = useClipboard({ timeout: 2000 });
  const resetFileInput = useRef<() => void>(null);

  const lengthErrorText = tool.lengthError ? t('lengthError', { length: tool.cleanedLength }) : undefined;
  const disabled = disabledControls({
    premium,
    loading: tool.loading,
    text: tool.text,
    lengthError: tool.lengthError,
    resultCount: tool.outcome ? tool.outcome.counts.result : null,
  });

  return (
    <Stack data-testid="filter-tool-panel" gap="sm">
      {planPending ? (
        <Group gap="xs" data-testid="filter-tool-plan-loading">
          <Loader size="xs" />
          <Text size="sm">{t('planLoading')}</Text>
        </Group>
      ) : (
        !premium && (
          <Alert
            color="yellow"
            icon={<IconLock size={18} />}
            title={t('premiumTitle')}
            data-testid="filter-tool-premium-warning"
          >
            {t('premiumRequired')}
          </Alert>
        )
      )}
      {tool.large ? (
        <Textarea
          label={t('input')}
          description={t('largeInput', { count: formatNumber(tool.entries) })}
          rows={8}
          value={tool.inputPreview}
          readOnly
          disabled={disabled.input}
          error={lengthErrorText}
          styles={MONOSPACE}
          data-testid="filter-input-preview"
        />
      ) : (
        <Textarea
          label={t('input')}
          description={t('inputHelp')}
          placeholder={t('placeholder')}
          rows={8}
          value={tool.text}
          onChange={(e) => void tool.changeText(e.currentTarget.value)}
          onPaste={(e) => {
            const el = e.currentTarget;
            const pasted = e.clipboardData.getData('text');
            if (
              tool.paste(pasted, el.selectionStart ?? tool.text.length, el.selectionEnd ?? tool.text.length)
            )
              e.preventDefault();
          }}
          disabled={disabled.input}
          error={lengthErrorText}
          spellCheck={false}
          autoComplete="off"
          styles={MONOSPACE}
          data-testid="filter-input"
        />
      )}
      <FileButton
        onChange={(files) => {
          if (disabled.upload) return;
          void tool.upload(files).finally(() => resetFileInput.current?.());
        }}
        accept="text/plain,.txt"
        multiple
        disabled={disabled.upload}
        resetRef={resetFileInput}
        inputProps={{ disabled: disabled.upload }}
      >
        {(props) => (
          <Button variant="default" {...props} disabled={disabled.upload} data-testid="filter-upload">
            {t('upload')}
          </Button>
        )}
      </FileButton>
      <Checkbox
        label={t('removeDuplicates')}
        checked={tool.removeDuplicates}
        onChange={(e) => tool.setRemoveDuplicates(e.currentTarget.checked)}
        disabled={disabled.options}
        data-testid="filter-remove-duplicates"
      />
      <Radio.Group
        label={t('digital.label')}
        value={tool.digital}
        onChange={(value) => tool.setDigital(value as DigitalMode)}
      >
        <Group gap="md" mt={4}>
          {DIGITAL_MODES.map((mode) => (
            <Radio
              key={mode}
              value={mode}
              label={t(`digital.${mode}`)}
              disabled={disabled.options}
              data-testid={`filter-digital-${mode}`}
            />
          ))}
        </Group>
      </Radio.Group>
      <SimpleGrid cols={4} data-testid="filter-counts">
        {COUNT_KEYS.map((k) => (
          <Stack key={k} gap={0} align="center">
            <Text fw={700} data-testid={`filter-count-${k}`}>
              {formatNumber(tool.outcome?.counts[k] ?? 0)}
            </Text>
            <Text size="xs" c="dimmed" ta="center">
              {t(`counts.${k}`)}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      <Group grow>
        <Button onClick={() => void tool.apply()} disabled={disabled.apply} data-testid="filter-apply">
          {t('apply')}
        </Button>
        <Button
          variant="default"
          onClick={() => clipboard.copy(tool.resultText())}
          disabled={disabled.copy}
          data-testid="filter-copy"
        >
          {clipboard.copied ? t('copied') : t('copy')}
        </Button>
        <Button
          variant="default"
          onClick={tool.download}
          disabled={disabled.download}
          data-testid="filter-download"
        >
          {t('download')}
        </Button>
        <Button
          variant="subtle"
          color="gray"
          onClick={tool.reset}
          disabled={disabled.reset}
          data-testid="filter-reset"
        >
          {t('reset')}
        </Button>
      </Group>
      {clipboard.error && (
        <Text c="red" size="sm" data-testid="filter-copy-failed">
          {t('messages.copyFailed')}
        </Text>
      )}
      {tool.loading && (
        <Group gap="xs" data-testid="filter-working">
          <Loader size="xs" />
          <Text size="sm">{t('working')}</Text>
        </Group>
      )}
      {tool.outcome && tool.outcome.asins.length > 0 && (
        <Textarea
          label={t('result')}
          description={
            tool.resultPreview.truncated
              ? t('resultTruncated', { count: formatNumber(tool.outcome.counts.result) })
              : undefined
          }
          value={tool.resultPreview.preview}
          readOnly
          rows={6}
          styles={MONOSPACE}
          data-testid="filter-result"
        />
      )}
      <Divider my="xs" />
      <SetOperationsPanel disabled={!premium} />
    </Stack>
  );
}
