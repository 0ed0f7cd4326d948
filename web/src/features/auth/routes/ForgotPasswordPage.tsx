import { useState } from 'react';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../app/locale';
import { useRequestPasswordResetMutation } from '../api/authApi';
import { ApiMessage } from '../components/ApiMessage';
import { AuthHeader } from '../components/AuthHeader';
import { useApiErrorText } from '../../../lib/useApiErrorText';
import { forgotPasswordForm } from '@shelfscan/validation';
import { showServerErrors, useSchemaForm } from '../../../lib/form';

export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const errorText = useApiErrorText('auth');
  const [requestReset, { isLoading }] = useRequestPasswordResetMutation();
  const form = useSchemaForm(forgotPasswordForm, { email: '' });
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const send = async ({ email }: { email: string }) => {
    try {
      const response = await requestReset({ email: email.trim() }).unwrap();
      setResult({ kind: 'success', text: response.message || t('forgot.success') });
    } catch (error) {
      const text = showServerErrors(form, error, errorText);
      setResult(text ? { kind: 'error', text } : null);
    }
  };

  return (
    <>
      <AuthHeader title={t('forgot.title')} subtitle={t('forgot.subtitle')} />
      <form
        onSubmit={(event) => {
          setResult(null);
          form.onSubmit(send)(event);
        }}
        noValidate
        aria-label={t('forgot.title')}
      >
        <Stack gap="sm">
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
            data-testid="forgot-email"
          />
          {result && (
            <ApiMessage kind={result.kind} testId="forgot-result">
              {result.text}
            </ApiMessage>
          )}
          <Button type="submit" loading={isLoading} fullWidth data-testid="forgot-submit">
            {t('forgot.submit')}
          </Button>
          <Anchor component={LocaleLink} to="/auth/login" size="sm" ta="center">
            {t('common.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </>
  );
}
