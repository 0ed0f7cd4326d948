import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { changePasswordForm } from '@shelfscan/validation';
import { useTranslation } from 'react-i18next';
import { TOAST_AUTO_CLOSE_MS } from '../../../app/api';
import { useAppDispatch } from '../../../app/hooks';
import { authKeyLoaded, persistToken } from '../../../app/session';
import { useSchemaForm, useServerSubmit } from '../../../lib/form';
import { useApiErrorText } from '../../../lib/useApiErrorText';
import { useChangePasswordMutation } from '../api/accountApi';

/**
 * Change password: the current password, the new one and the new one again. The server ends every
 * other session; this one continues with the token of the answer (cookie and store).
 */
export function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const errorText = useApiErrorText('account');
  const dispatch = useAppDispatch();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const form = useSchemaForm(changePasswordForm, {
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const { error, onSubmit } = useServerSubmit(form, errorText, async (values) => {
    const answer = await changePassword({
      currentPassword: values.currentPassword,
      newPassword: values.newPassword,
    }).unwrap();
    if (answer.data?.token) {
      persistToken(answer.data.token);
      dispatch(authKeyLoaded(answer.data.token));
    }
    notifications.show({
      color: 'green',
      message: t('password.changed'),
      autoClose: TOAST_AUTO_CLOSE_MS,
      className: 'password-changed-toast',
    });
    form.reset();
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('password.title')} data-testid="password-form">
      <Stack gap="sm">
        <PasswordInput
          label={t('password.current')}
          autoComplete="current-password"
          required
          {...form.getInputProps('currentPassword')}
          data-testid="password-current"
        />
        <PasswordInput
          label={t('password.new')}
          description={t('password.othersEnd')}
          autoComplete="new-password"
          required
          {...form.getInputProps('newPassword')}
          data-testid="password-new"
        />
        <PasswordInput
          label={t('password.confirm')}
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
          data-testid="password-confirm"
        />
        {error && (
          <Alert
            color="red"
            role="alert"
            data-testid="password-form-error"
            style={{ whiteSpace: 'pre-line' }}
          >
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={isLoading} data-testid="password-save">
            {t('password.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
