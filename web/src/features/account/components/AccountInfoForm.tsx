import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { TOAST_AUTO_CLOSE_MS } from '../../../app/api';
import type { CurrentUser } from '../../../app/userApi';
import { useUpdateUserMutation } from '../api/accountApi';
import { accountInfoForm } from '@shelfscan/validation';
import { useSchemaForm, useServerSubmit } from '../../../lib/form';
import { useApiErrorText } from '../../../lib/useApiErrorText';

/** My information: first name, last name, email (read-only) and phone; the password has its own form. */
export function AccountInfoForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('account');
  const errorText = useApiErrorText('account');
  const [updateUser, { isLoading }] = useUpdateUserMutation();
  const form = useSchemaForm(accountInfoForm, {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    phone: user.phone ?? '',
  });
  const { error, onSubmit } = useServerSubmit(form, errorText, async (values) => {
    await updateUser({
      id: user.id,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: user.email,
      phone: values.phone.trim(),
    }).unwrap();
    notifications.show({
      color: 'green',
      message: t('updated'),
      autoClose: TOAST_AUTO_CLOSE_MS,
      className: 'account-updated-toast',
    });
    form.clearErrors();
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('myInformation')} data-testid="account-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t('fields.firstName')}
            autoComplete="given-name"
            required
            {...form.getInputProps('firstName')}
            data-testid="account-first-name"
          />
          <TextInput
            label={t('fields.lastName')}
            autoComplete="family-name"
            required
            {...form.getInputProps('lastName')}
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
          {...form.getInputProps('phone')}
          data-testid="account-phone"
        />
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
