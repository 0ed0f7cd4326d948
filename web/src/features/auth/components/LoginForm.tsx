import { useState } from 'react';
import { Anchor, Button, Card, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LocaleLink, useLocalePath } from '../../../app/locale';
import { useLoginSession } from '../../../app/useSession';
import { readApiError } from '../../../lib/errors';
import { retryAfterOf } from '../../../lib/retryAfter';
import { useAuthenticateMutation, useLazyCheckActivationQuery } from '../api/authApi';
import { loginForm } from '@shelfscan/validation';
import { safeRedirect } from '../validation';
import { ActivationCodeForm } from './ActivationCodeForm';
import { ApiMessage } from './ApiMessage';
import { useApiErrorText } from '../../../lib/useApiErrorText';
import { showServerErrors, useSchemaForm } from '../../../lib/form';

export function LoginForm() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const localePath = useLocalePath();
  const loginSession = useLoginSession();
  const errorText = useApiErrorText('auth');
  const [checkActivation, activation] = useLazyCheckActivationQuery();
  const [authenticate, auth] = useAuthenticateMutation();
  const form = useSchemaForm(loginForm, { email: '', password: '' });
  const [error, setError] = useState<string | null>(null);
  /** Set when the account is not activated: the email the inline activation step works on. */
  const [inactiveEmail, setInactiveEmail] = useState<string | null>(null);
  const [justActivated, setJustActivated] = useState(false);

  const busy = activation.isFetching || auth.isLoading;
  const fromRegister = params.get('redirect') === 'register';
  const fromReset = params.get('redirect') === 'reset';

  const notActivated = (email: string) => {
    loginSession.fail();
    setError(t('messages:accountNotActivated'));
    setInactiveEmail(email);
  };

  const send = async (values: { email: string; password: string }) => {
    const email = values.email.trim();
    loginSession.start();
    try {
      const activated = await checkActivation(email).unwrap();
      if (!activated) {
        notActivated(email);
        return;
      }
    } catch (e) {
      loginSession.fail();
      setError(errorText(e));
      return;
    }
    try {
      const token = await authenticate({ email, password: values.password }).unwrap();
      loginSession.succeed(token, safeRedirect(params.get('redirect')) ?? localePath('/dashboard'));
    } catch (e) {
      const { code, status } = readApiError(e);
      if (code === 'accountNotActivated') return notActivated(email);
      loginSession.fail();
      const wait = retryAfterOf(e);
      if (status === undefined) setError(errorText(e));
      else if (status === 422) setError(showServerErrors(form, e, () => t('messages:loginError')));
      else if (status === 429 || code === 'tooManyAttempts')
        setError(
          wait !== undefined
            ? t('codes.tooManyAttemptsWait', { count: wait })
            : t('messages:tooManyAttempts'),
        );
      else setError(t('messages:loginError'));
    }
  };

  const onActivated = () => {
    setInactiveEmail(null);
    setError(null);
    setJustActivated(true);
  };

  return (
    <Stack gap="lg">
      <form
        onSubmit={(event) => {
          setError(null);
          setInactiveEmail(null);
          form.onSubmit(send)(event);
        }}
        noValidate
        aria-label={t('login.title')}
        data-testid="login-form"
      >
        <Stack gap="sm">
          {fromRegister && (
            <ApiMessage kind="info" testId="login-after-register">
              {t('login.afterRegister')}
            </ApiMessage>
          )}
          {fromReset && (
            <ApiMessage kind="success" testId="login-after-reset">
              {t('login.afterReset')}
            </ApiMessage>
          )}
          {justActivated && (
            <ApiMessage kind="success" testId="login-activated">
              {t('login.activated')}
            </ApiMessage>
          )}
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
            data-testid="login-email"
          />
          <PasswordInput
            label={t('fields.password')}
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
            data-testid="login-password"
          />
          <Group justify="flex-end">
            <Anchor component={LocaleLink} to="/auth/forgotpassword" size="sm">
              {t('login.forgot')}
            </Anchor>
          </Group>
          {error && (
            <ApiMessage kind="error" testId="login-error">
              {error}
            </ApiMessage>
          )}
          <Button type="submit" loading={busy} fullWidth data-testid="login-submit">
            {t('login.submit')}
          </Button>
          <Group justify="center" gap={4}>
            <Text size="sm" c="dimmed">
              {t('login.noAccount')}
            </Text>
            <Anchor component={LocaleLink} to="/auth/register" size="sm">
              {t('register.submit')}
            </Anchor>
          </Group>
        </Stack>
      </form>
      {inactiveEmail && (
        <Card withBorder padding="md" data-testid="login-activation">
          <ActivationCodeForm key={inactiveEmail} email={inactiveEmail} onActivated={onActivated} />
        </Card>
      )}
    </Stack>
  );
}
