import { useEffect, useRef, useState } from 'react';
import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LocaleLink, useLocalePath } from '../../../app/locale';
import { useCompletePasswordResetMutation } from '../api/authApi';
import { ApiMessage } from '../components/ApiMessage';
import { AuthHeader } from '../components/AuthHeader';
import { useApiErrorText } from '../../../lib/useApiErrorText';
import { resetPasswordForm } from '@shelfscan/validation';
import { showServerErrors, useSchemaForm } from '../../../lib/form';

/** After a successful reset the page goes to the login page after this delay. */
export const RESET_REDIRECT_DELAY_MS = 1500;

export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const errorText = useApiErrorText('auth');
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const [completeReset, { isLoading }] = useCompletePasswordResetMutation();
  const form = useSchemaForm(resetPasswordForm, {
    email: params.get('email') ?? '',
    key: params.get('key') ?? '',
    password: '',
    confirmPassword: '',
  });
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const done = result?.kind === 'success';

  const send = async (values: typeof form.values) => {
    try {
      const response = await completeReset({
        email: values.email.trim(),
        key: values.key.trim(),
        password: values.password,
      }).unwrap();
      setResult({ kind: 'success', text: response.message || t('reset.success') });
      timer.current = setTimeout(
        () => void navigate(localePath('/auth/login?redirect=reset'), { replace: true }),
        RESET_REDIRECT_DELAY_MS,
      );
    } catch (error) {
      const text = showServerErrors(form, error, (e) => errorText(e, 'messages:resetKeyInvalid'));
      setResult(text ? { kind: 'error', text } : null);
    }
  };

  return (
    <>
      <AuthHeader title={t('reset.title')} subtitle={t('reset.subtitle')} />
      <form
        onSubmit={(event) => {
          setResult(null);
          form.onSubmit(send)(event);
        }}
        noValidate
        aria-label={t('reset.title')}
      >
        <Stack gap="sm">
          <TextInput
            label={t('fields.email')}
            type="email"
            required
            {...form.getInputProps('email')}
            data-testid="reset-email"
          />
          <TextInput
            label={t('fields.resetKey')}
            required
            {...form.getInputProps('key')}
            data-testid="reset-key"
          />
          <PasswordInput
            label={t('fields.newPassword')}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
            data-testid="reset-password"
          />
          <PasswordInput
            label={t('fields.confirmPassword')}
            autoComplete="new-password"
            required
            {...form.getInputProps('confirmPassword')}
            data-testid="reset-confirm-password"
          />
          {result && (
            <ApiMessage kind={result.kind} testId="reset-result">
              {result.text}
            </ApiMessage>
          )}
          <Button type="submit" loading={isLoading} disabled={done} fullWidth data-testid="reset-submit">
            {t('reset.submit')}
          </Button>
          <Anchor component={LocaleLink} to="/auth/login" size="sm" ta="center">
            {t('common.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </>
  );
}
