import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../app/locale';

/**
 * The confirmation card of the payment pages that remove something (the card, the plan): what it
 * means (`children`), the error of a failed try, the red confirm button and "keep" back to /payment.
 * Test ids: `<testId>-confirm`, `<testId>-error`.
 */
export function ConfirmRemoval({
  testId,
  maw,
  submitLabel,
  busy,
  onConfirm,
  children,
}: {
  testId: string;
  maw: number;
  submitLabel: string;
  /** The removal is under way (its mutation's `isLoading`). */
  busy: boolean;
  /** Removes it; resolves with the error text to show when that failed, with nothing when it went through. */
  onConfirm: () => Promise<string | undefined>;
  children: ReactNode;
}) {
  const { t } = useTranslation('payment');
  const [error, setError] = useState<string | undefined>();

  const confirm = async () => {
    setError(undefined);
    setError(await onConfirm());
  };

  return (
    <Card withBorder padding="lg" maw={maw}>
      <Stack gap="md">
        {children}
        {error && (
          <Alert color="red" role="alert" data-testid={`${testId}-error`}>
            {error}
          </Alert>
        )}
        <Group>
          <Button color="red" loading={busy} onClick={() => void confirm()} data-testid={`${testId}-confirm`}>
            {submitLabel}
          </Button>
          <Button component={LocaleLink} to="/payment" variant="default">
            {t('actions.keep')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
