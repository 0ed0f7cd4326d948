import { useState } from 'react';
import { Alert, Badge, Button, Group, PinInput, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { userApi, type CurrentUser } from '../../../app/userApi';
import { useAppDispatch } from '../../../app/hooks';
import { readApiError } from '../../../lib/errors';
import { retryAfterOf } from '../../../lib/retryAfter';
import { useCountdown } from '../../../lib/useCountdown';
import { useCheckVerificationCodeMutation, useSendVerificationCodeMutation } from '../api/accountApi';
import { phoneVerificationForm, verificationCodeForm } from '@shelfscan/validation';
import { showServerErrors, useSchemaForm } from '../../../lib/form';

const VERIFICATION_CODE_LENGTH = 6;
import { useApiErrorText } from '../../../lib/useApiErrorText';

/** One SMS a minute: the send button waits that long after each use (or as long as a 429 asks). */
export const SMS_RESEND_COOLDOWN_S = 60;

/** The SMS limits of the hour (per number, per block of numbers, in total): said in words, not counted down. */
const SMS_LIMITS: readonly (string | undefined)[] = ['smsNumberTooMany', 'smsTooMany'];

/**
 * Phone verification: send a six-digit code by SMS to the entered number, enter it, and the user is
 * reloaded (GET /api/account/user) and shown as verified.
 */
export function PhoneVerification({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('account');
  const dispatch = useAppDispatch();
  const errorText = useApiErrorText('account');
  const [send, sending] = useSendVerificationCodeMutation();
  const [check, checking] = useCheckVerificationCodeMutation();
  const countdown = useCountdown();
  const form = useSchemaForm(phoneVerificationForm, { phone: user.phone ?? '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const codeForm = useSchemaForm(verificationCodeForm, { code: '' });
  const setCode = (code: string) => codeForm.setFieldValue('code', code);
  const [error, setError] = useState<string | null>(null);

  const verified = !!user.phoneVerified && !sentTo;

  const onSend = async () => {
    setError(null);
    if (form.validate().hasErrors) return;
    const phone = form.getValues().phone;
    try {
      await send(phone.trim()).unwrap();
      setSentTo(phone.trim());
      setCode('');
      countdown.start(SMS_RESEND_COOLDOWN_S);
    } catch (e) {
      if (SMS_LIMITS.includes(readApiError(e).code)) return setError(errorText(e));
      const wait = retryAfterOf(e);
      if (wait !== undefined) countdown.start(wait);
      setError(
        wait !== undefined
          ? t('common:codes.waitSeconds', { count: wait })
          : showServerErrors(form, e, errorText, { gsm: 'phone' }),
      );
    }
  };

  const onCheck = async (value: string) => {
    setError(null);
    setCode(value);
    // The PIN boxes show no text of their own: an incomplete code is said in the message below.
    if (codeForm.validate().hasErrors) {
      setError(t('phone.codeIncomplete'));
      return;
    }
    try {
      const valid = await check(value).unwrap();
      if (!valid) {
        setCode('');
        setError(t('phone.codeInvalid'));
        return;
      }
      // Reload the user: the server now reports phoneVerified.
      await dispatch(userApi.endpoints.getCurrentUser.initiate(undefined, { forceRefetch: true }));
      setSentTo(null);
      setCode('');
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <Stack gap="sm" data-testid="phone-verification">
      <Group gap="xs">
        <Text size="sm">{t('phone.status')}</Text>
        {verified ? (
          <Badge color="green" leftSection={<IconCircleCheck size={12} />} data-testid="phone-verified-badge">
            {t('phone.verified')}
          </Badge>
        ) : (
          <Badge color="gray" data-testid="phone-unverified-badge">
            {t('phone.notVerified')}
          </Badge>
        )}
      </Group>
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          label={t('fields.phone')}
          type="tel"
          placeholder="+90 5xx xxx xx xx"
          {...form.getInputProps('phone')}
          style={{ flex: 1 }}
          data-testid="phone-number"
        />
        <Button
          onClick={() => void onSend()}
          loading={sending.isLoading}
          disabled={countdown.remaining > 0}
          variant="light"
          data-testid="phone-send"
        >
          {countdown.remaining > 0 ? t('phone.sendIn', { count: countdown.remaining }) : t('phone.send')}
        </Button>
      </Group>
      {sentTo && (
        <Stack gap="xs" data-testid="phone-code-step">
          <Text size="sm" c="dimmed">
            {t('phone.sent', { phone: sentTo })}
          </Text>
          <Group gap="sm">
            <PinInput
              length={VERIFICATION_CODE_LENGTH}
              type="number"
              inputMode="numeric"
              oneTimeCode
              value={codeForm.values.code}
              onChange={setCode}
              onComplete={(v) => void onCheck(v)}
              disabled={checking.isLoading}
              error={!!error}
              ariaLabel={t('phone.codeLabel')}
              data-testid="phone-code"
              getInputProps={(index) => ({ 'data-testid': `phone-code-${index}` })}
            />
            <Button
              onClick={() => void onCheck(codeForm.getValues().code)}
              loading={checking.isLoading}
              data-testid="phone-check"
            >
              {t('phone.check')}
            </Button>
          </Group>
        </Stack>
      )}
      {error && (
        <Alert color="red" role="alert" data-testid="phone-error">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
