import { Alert, Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { userLookupForm } from '@shelfscan/validation';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '../../../lib/form';
import { useAdminActions } from '../actions';
import { useConfirm } from '../components/ConfirmDialog';

/**
 * `/admin/delete-user`: delete an account by email, after the confirmation (the email typed again).
 * Says what goes and what is kept: the invoices, with the buyer anonymised, as tax law requires.
 */
export function DeleteUserPage() {
  const { t } = useTranslation('admin');
  const confirm = useConfirm();
  const actions = useAdminActions();
  const form = useSchemaForm(userLookupForm, { email: '' });
  const open = (email: string) => {
    const request = actions.deleteUser(email);
    confirm({ ...request, run: (reason) => request.run(reason).then(() => form.reset()) });
  };
  return (
    <Stack gap="md" maw={640}>
      <Alert color="red" title={t('deleteUser.title')} data-testid="delete-user-explained">
        <Text size="sm" mb="xs">
          {t('deleteUser.intro')}
        </Text>
        <List size="sm">
          <List.Item>{t('actions.deleteUser.removed')}</List.Item>
          <List.Item>{t('actions.deleteUser.kept')}</List.Item>
        </List>
      </Alert>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => open(values.email.trim()))}
        data-testid="delete-user-form"
      >
        <Group align="flex-start" gap="sm">
          <TextInput
            label={t('deleteUser.email')}
            type="email"
            required
            w={320}
            {...form.getInputProps('email')}
            data-testid="delete-user-email"
          />
          <Button
            type="submit"
            color="red"
            mt={25}
            leftSection={<IconTrash size={16} />}
            data-testid="delete-user-submit"
          >
            {t('deleteUser.submit')}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
