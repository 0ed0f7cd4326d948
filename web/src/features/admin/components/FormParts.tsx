import type { ReactNode } from 'react';
import { Alert, Button, Group, Text, Textarea, type TextareaProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The reason of a recorded action (required; recorded with the admin's email). */
export function ReasonInput(props: TextareaProps & { 'data-testid': string }) {
  const { t } = useTranslation('admin');
  return (
    <Textarea
      label={t('confirm.reason')}
      description={t('confirm.reasonHint')}
      required
      rows={2}
      {...props}
    />
  );
}

/** A form's error that found no field (the others joined by line breaks). */
export function FormError({ error, testId }: { error: string | null; testId: string }) {
  if (!error) return null;
  return (
    <Alert color="red" style={{ whiteSpace: 'pre-line' }} data-testid={testId}>
      {error}
    </Alert>
  );
}

/** Cancel, then the form's submit button (busy while its call runs). */
export function FormButtons({
  onCancel,
  busy,
  label,
  testId,
  color,
  disabled,
}: {
  onCancel: () => void;
  busy?: boolean;
  label: string;
  testId: string;
  color?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('admin');
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel} disabled={busy}>
        {t('confirm.cancel')}
      </Button>
      <Button type="submit" color={color} loading={busy} disabled={disabled} data-testid={testId}>
        {label}
      </Button>
    </Group>
  );
}

/** A labelled read-only value of a detail card; an empty value shows as a dash. */
export function Field({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {value || '—'}
      </Text>
    </div>
  );
}
