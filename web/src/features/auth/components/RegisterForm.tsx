import { useEffect, useRef, useState } from 'react';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useNavigate } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { LocaleLink, useLocale, useLocalePath } from '../../../app/locale';
import { useRegisterMutation } from '../api/authApi';
import { registerForm } from '@shelfscan/validation';
import { ActivationCodeForm } from './ActivationCodeForm';
import { ApiMessage } from './ApiMessage';
import { useApiErrorText } from '../../../lib/useApiErrorText';
import { showServerErrors, useSchemaForm } from '../../../lib/form';

export const REGISTER_REDIRECT_DELAY_MS = 1000;

const EMPTY = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
  terms: false,
};

export function RegisterForm() {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const localePath = useLocalePath();
  const navigate = useNavigate();
  const errorText = useApiErrorText('auth');
  const [register, { isLoading }] = useRegisterMutation();
  const form = useSchemaForm(registerForm, EMPTY);
  const [serverError, setServerError] = useState<string | null>(null);
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const [activated, setActivated] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const send = async (values: typeof EMPTY) => {
    try {
      const email = values.email.trim();
      await register({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email,
        phone: values.phone.trim(),
        password: values.password,
        langKey: locale,
      }).unwrap();
      setRegisteredEmail(email);
    } catch (error) {
      setServerError(showServerErrors(form, error, (e) => errorText(e, 'messages:registrationFailed')));
    }
  };

  const onActivated = () => {
    setActivated(true);
    timer.current = setTimeout(
      () => void navigate(localePath('/auth/login?redirect=register')),
      REGISTER_REDIRECT_DELAY_MS,
    );
  };

  // Step 2: the account exists but is not active; the emailed six-digit code activates it.
  if (registeredEmail) {
    return (
      <Stack gap="sm" data-testid="register-activation-step">
        <ApiMessage kind={activated ? 'success' : 'info'} testId="register-success">
          {activated ? t('register.activated') : t('register.success', { email: registeredEmail })}
        </ApiMessage>
        {!activated && <ActivationCodeForm email={registeredEmail} onActivated={onActivated} justSent />}
      </Stack>
    );
  }

  return (
    <form
      onSubmit={(event) => {
        setServerError(null);
        form.onSubmit(send)(event);
      }}
      noValidate
      aria-label={t('register.title')}
      data-testid="register-form"
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t('fields.firstName')}
            autoComplete="given-name"
            required
            {...form.getInputProps('firstName')}
            data-testid="register-first-name"
          />
          <TextInput
            label={t('fields.lastName')}
            autoComplete="family-name"
            required
            {...form.getInputProps('lastName')}
            data-testid="register-last-name"
          />
        </SimpleGrid>
        <TextInput
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
          data-testid="register-email"
        />
        <TextInput
          label={t('fields.phoneOptional')}
          type="tel"
          autoComplete="tel"
          placeholder="+90 5xx xxx xx xx"
          {...form.getInputProps('phone')}
          data-testid="register-phone"
        />
        <PasswordInput
          label={t('fields.password')}
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
          data-testid="register-password"
        />
        <PasswordInput
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
          data-testid="register-confirm-password"
        />
        <Checkbox
          {...form.getInputProps('terms', { type: 'checkbox' })}
          data-testid="register-terms"
          label={
            <Trans
              t={t}
              i18nKey="register.terms"
              components={{
                agreement: <Anchor component={LocaleLink} to="/privacy" target="_blank" size="sm" />,
              }}
            />
          }
        />
        {serverError && (
          <ApiMessage kind="error" testId="register-error">
            {serverError}
          </ApiMessage>
        )}
        <Button type="submit" loading={isLoading} fullWidth data-testid="register-submit">
          {t('register.submit')}
        </Button>
        <Group justify="center" gap={4}>
          <Text size="sm" c="dimmed">
            {t('register.haveAccount')}
          </Text>
          <Anchor component={LocaleLink} to="/auth/login" size="sm">
            {t('login.submit')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
