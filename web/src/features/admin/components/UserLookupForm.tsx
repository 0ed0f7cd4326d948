import { Button, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { userLookupForm } from '@shelfscan/validation';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '../../../app/locale';
import { useSchemaForm } from '../../../lib/form';
import { userPath } from '../paths';

/** An email typed by hand opens that user's detail (which says so when no user has it). */
export function UserLookupForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const form = useSchemaForm(userLookupForm, { email: initialEmail });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => void navigate(localePath(userPath(values.email.trim()))))}
      data-testid="user-lookup-form"
    >
      <Group align="flex-start" gap="sm">
        <TextInput
          label={t('lookup.email')}
          placeholder="ayse@example.com"
          type="email"
          required
          w={320}
          {...form.getInputProps('email')}
          data-testid="user-lookup-email"
        />
        <Button type="submit" mt={25} leftSection={<IconSearch size={16} />} data-testid="user-lookup-submit">
          {t('lookup.open')}
        </Button>
      </Group>
    </form>
  );
}
