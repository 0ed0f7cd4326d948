import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { TOAST_AUTO_CLOSE_MS } from '../../../app/api';
import type { CurrentUser } from '../../../app/userApi';
import { useUpdateUserMutation } from '../api/accountApi';
import { validateAccountInfo, type AccountInfoValues } from '../validation';
import { useApiErrorText } from '../../../lib/useApiErrorText';

/** My information: first name, last name, email (read-only), phone and an optional new password. */
export function AccountInfoForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('account');
  const errorText = useApiErrorText('account');
  const [updateUser, { isLoading }] = useUpdateUserMutation();
  const [values, setValues] = useState<AccountInfoValues>({
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    phone: user.phone ?? '',
    password: '',
    confirmPassword: '',
  });
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const errors = submitted ? validateAccountInfo(values) : {};
  const err = (field: keyof AccountInfoValues) => (errors[field] ? t(errors[field]) : undefined);
  const set = (field: keyof AccountInfoValues) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setError(null);
    if (Object.keys(validateAccountInfo(values)).length > 0) return;
    try {
      await updateUser({
        id: user.id,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: user.email,
        phone: values.phone.trim(),
        ...(values.password ? { password: values.password } : {}),
      }).unwrap();
      notifications.show({
        color: 'green',
        message: t('updated'),
        autoClose: TOAST_AUTO_CLOSE_MS,
        className: 'account-updated-toast',
      });
      setValues((v) => ({ ...v, password: '', confirmPassword: '' }));
      setSubmitted(false);
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('myInformation')} data-testid="account-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t('fields.firstName')}
            autoComplete="given-name"
            required
            value={values.firstName}
            onChange={set('firstName')}
            error={err('firstName')}
            data-testid="account-first-name"
          />
          <TextInput
            label={t('fields.lastName')}
            autoComplete="family-name"
            required
            value={values.lastName}
            onChange={set('lastName')}
            error={err('lastName')}
            data-testid="account-last-name"
          />
        </SimpleGrid>
        <TextInput
          label={t('fields.email')}
          value={user.email}
          readOnly
          description={t('emailReadOnly')}
          data-testid="account-email"
        />
        <TextInput
          label={t('fields.phone')}
          type="tel"
          autoComplete="tel"
          placeholder="+90 5xx xxx xx xx"
          value={values.phone}
          onChange={set('phone')}
          error={err('phone')}
          data-testid="account-phone"
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <PasswordInput
            label={t('fields.newPassword')}
            description={t('passwordOptional')}
            autoComplete="new-password"
            value={values.password}
            onChange={set('password')}
            error={err('password')}
            data-testid="account-password"
          />
          <PasswordInput
            label={t('fields.confirmPassword')}
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={set('confirmPassword')}
            error={err('confirmPassword')}
            data-testid="account-confirm-password"
          />
        </SimpleGrid>
        {error && (
          <Alert color="red" role="alert" data-testid="account-form-error" style={{ whiteSpace: 'pre-line' }}>
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={isLoading} data-testid="account-save">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
