import { useEffect, useRef, useState, type FormEvent } from 'react';
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
import { validateRegister, type RegisterErrors, type RegisterValues } from '../validation';
import { ActivationCodeForm } from './ActivationCodeForm';
import { ApiMessage } from './ApiMessage';
import { useApiErrorText } from '../../../lib/useApiErrorText';

export const REGISTER_REDIRECT_DELAY_MS = 1000;

const EMPTY: RegisterValues = {
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
  const [values, setValues] = useState<RegisterValues>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const [activated, setActivated] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const errors: RegisterErrors = submitted ? validateRegister(values) : {};
  const err = (field: keyof RegisterValues) => (errors[field] ? t(errors[field]) : undefined);
  const set =
    <K extends keyof RegisterValues>(field: K) =>
    (value: RegisterValues[K]) =>
      setValues((v) => ({ ...v, [field]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (Object.keys(validateRegister(values)).length > 0) return;
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
      setServerError(errorText(error, 'codes.registrationFailed'));
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
    <form onSubmit={onSubmit} noValidate aria-label={t('register.title')} data-testid="register-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t('fields.firstName')}
            autoComplete="given-name"
            required
            value={values.firstName}
            onChange={(e) => set('firstName')(e.currentTarget.value)}
            error={err('firstName')}
            data-testid="register-first-name"
          />
          <TextInput
            label={t('fields.lastName')}
            autoComplete="family-name"
            required
            value={values.lastName}
            onChange={(e) => set('lastName')(e.currentTarget.value)}
            error={err('lastName')}
            data-testid="register-last-name"
          />
        </SimpleGrid>
        <TextInput
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={(e) => set('email')(e.currentTarget.value)}
          error={err('email')}
          data-testid="register-email"
        />
        <TextInput
          label={t('fields.phoneOptional')}
          type="tel"
          autoComplete="tel"
          placeholder="+90 5xx xxx xx xx"
          value={values.phone}
          onChange={(e) => set('phone')(e.currentTarget.value)}
          error={err('phone')}
          data-testid="register-phone"
        />
        <PasswordInput
          label={t('fields.password')}
          autoComplete="new-password"
          required
          value={values.password}
          onChange={(e) => set('password')(e.currentTarget.value)}
          error={err('password')}
          data-testid="register-password"
        />
        <PasswordInput
          label={t('fields.confirmPassword')}
          autoComplete="new-password"
          required
          value={values.confirmPassword}
          onChange={(e) => set('confirmPassword')(e.currentTarget.value)}
          error={err('confirmPassword')}
          data-testid="register-confirm-password"
        />
        <Checkbox
          checked={values.terms}
          onChange={(e) => set('terms')(e.currentTarget.checked)}
          error={err('terms')}
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
