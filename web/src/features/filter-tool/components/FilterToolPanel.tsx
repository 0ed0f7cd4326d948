import { Alert, Button, Checkbox, FileButton, Group, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Shell of the ASIN filter tool (side panel of the index layout). The tool itself (clean, dedupe,
 * digital-content filter, counts, copy/download) is a later issue: every control is disabled here.
 */
export function FilterToolPanel({ premium }: { premium: boolean }) {
  const { t } = useTranslation('filter-tool');
  return (
    <Stack data-testid="filter-tool-panel">
      {premium ? (
        <Alert color="blue">{t('coming')}</Alert>
      ) : (
        <Alert
          color="yellow"
          icon={<IconLock size={18} />}
          title={t('premiumTitle')}
          data-testid="filter-tool-premium-warning"
        >
          {t('premiumRequired')}
        </Alert>
      )}
      <Textarea
        label={t('input')}
        placeholder={t('placeholder')}
        autosize
        minRows={8}
        maxRows={14}
        disabled
      />
      <FileButton onChange={() => undefined} accept="text/plain,.txt" multiple disabled>
        {(props) => (
          <Button variant="default" {...props} disabled>
            {t('upload')}
          </Button>
        )}
      </FileButton>
      <Checkbox label={t('removeDuplicates')} disabled />
      <Checkbox label={t('removeDigital')} disabled />
      <Checkbox label={t('onlyDigital')} disabled />
      <SimpleGrid cols={4}>
        {(['total', 'duplicate', 'digital', 'result'] as const).map((k) => (
          <Stack key={k} gap={0} align="center">
            <Text fw={700}>0</Text>
            <Text size="xs" c="dimmed">
              {t(`counts.${k}`)}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      <Group grow>
        <Button disabled>{t('apply')}</Button>
        <Button variant="default" disabled>
          {t('copy')}
        </Button>
        <Button variant="default" disabled>
          {t('download')}
        </Button>
        <Button variant="subtle" color="gray" disabled>
          {t('reset')}
        </Button>
      </Group>
    </Stack>
  );
}
