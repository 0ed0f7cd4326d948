import { useState, type FormEvent } from 'react';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../app/locale';
import { useRequestPasswordResetMutation } from '../api/authApi';
import { ApiMessage } from '../components/ApiMessage';
import { AuthHeader } from '../components/AuthHeader';
import { useApiErrorText } from '../../../lib/useApiErrorText';
import { isValidEmail } from '../validation';

export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const errorText = useApiErrorText('auth');
  const [requestReset, { isLoading }] = useRequestPasswordResetMutation();
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const emailError = submitted && !isValidEmail(email) ? t('validation.emailInvalid') : undefined;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setResult(null);
    if (!isValidEmail(email)) return;
    try {
      const response = await requestReset({ email: email.trim() }).unwrap();
      setResult({ kind: 'success', text: response.message || t('forgot.success') });
    } catch (error) {
      setResult({ kind: 'error', text: errorText(error) });
    }
  };

  return (
    <>
      <AuthHeader title={t('forgot.title')} subtitle={t('forgot.subtitle')} />
      <form onSubmit={onSubmit} noValidate aria-label={t('forgot.title')}>
        <Stack gap="sm">
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={emailError}
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
