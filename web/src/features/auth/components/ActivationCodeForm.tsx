import { useState } from 'react';
import { Button, Group, PinInput, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { readApiError } from '../../../lib/errors';
import { retryAfterOf } from '../../../lib/retryAfter';
import { useCountdown } from '../../../lib/useCountdown';
import { useActivateMutation, useResendActivationMutation } from '../api/authApi';
import { ApiMessage } from './ApiMessage';
import { activationCodeForm } from '@shelfscan/validation';
import { useApiErrorText } from '../../../lib/useApiErrorText';
import { useSchemaForm } from '../../../lib/form';

export const ACTIVATION_CODE_LENGTH = 6;
/** The server allows one resend a minute; the button waits that long after each use. */
export const RESEND_COOLDOWN_S = 60;

/**
 * The six-digit activation code of a new account (emailed at registration) with a resend action.
 * `onActivated` runs once the server accepted the code. `justSent`: a code was sent a moment ago
 * (registration), so the resend action starts with its countdown.
 */
export function ActivationCodeForm({
  email,
  onActivated,
  justSent = false,
}: {
  email: string;
  onActivated: () => void;
  justSent?: boolean;
}) {
  const { t } = useTranslation('auth');
  const errorText = useApiErrorText('auth');
  const [activate, activation] = useActivateMutation();
  const [resend, resending] = useResendActivationMutation();
  const countdown = useCountdown(justSent ? RESEND_COOLDOWN_S : 0);
  const form = useSchemaForm(activationCodeForm, { code: '' });
  const setCode = (code: string) => form.setFieldValue('code', code);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = async (value: string) => {
    setError(null);
    setInfo(null);
    setCode(value);
    // The PIN boxes show no text of their own: an incomplete code is said in the message below.
    if (form.validate().hasErrors) {
      setError(t('activation.codeIncomplete'));
      return;
    }
    try {
      await activate({ email, code: value }).unwrap();
      setDone(true);
      onActivated();
    } catch (e) {
      // A refused code is cleared so the next one can be typed from the first box.
      setCode('');
      const wait = retryAfterOf(e);
      const { code: reason } = readApiError(e);
      if (reason === 'tooManyAttempts') setError(t('activation.tooManyAttempts'));
      else if (wait !== undefined) setError(t('common:codes.waitSeconds', { count: wait }));
      else setError(errorText(e, 'activation.failed'));
    }
  };

  const onResend = async () => {
    setError(null);
    setInfo(null);
    try {
      await resend({ email }).unwrap();
      setInfo(t('activation.resent'));
      setCode('');
      countdown.start(RESEND_COOLDOWN_S);
    } catch (e) {
      const wait = retryAfterOf(e);
      if (wait !== undefined) {
        countdown.start(wait);
        setError(t('common:codes.waitSeconds', { count: wait }));
      } else setError(errorText(e));
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit(form.getValues().code);
      }}
      noValidate
      aria-label={t('activation.title')}
      data-testid="activation-form"
    >
      <Stack gap="sm">
        <Text fw={600}>{t('activation.title')}</Text>
        <Text size="sm" c="dimmed" data-testid="activation-hint">
          {t('activation.hint', { email })}
        </Text>
        <Group justify="center">
          <PinInput
            length={ACTIVATION_CODE_LENGTH}
            type="number"
            inputMode="numeric"
            oneTimeCode
            autoFocus
            value={form.values.code}
            onChange={setCode}
            onComplete={(value) => void submit(value)}
            disabled={done || activation.isLoading}
            error={!!error}
            ariaLabel={t('activation.codeLabel')}
            data-testid="activation-code"
            getInputProps={(index) => ({ 'data-testid': `activation-code-${index}` })}
          />
        </Group>
        {error && (
          <ApiMessage kind="error" testId="activation-error">
            {error}
          </ApiMessage>
        )}
        {info && (
          <ApiMessage kind="info" testId="activation-info">
            {info}
          </ApiMessage>
        )}
        <Button
          type="submit"
          loading={activation.isLoading}
          disabled={done}
          fullWidth
          data-testid="activation-submit"
        >
          {t('activation.submit')}
        </Button>
        <Button
          variant="subtle"
          onClick={() => void onResend()}
          loading={resending.isLoading}
          disabled={done || countdown.remaining > 0}
          data-testid="activation-resend"
        >
          {countdown.remaining > 0
            ? t('activation.resendIn', { count: countdown.remaining })
            : t('activation.resend')}
        </Button>
      </Stack>
    </form>
  );
}
