import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UserLookupForm } from '../components/UserLookupForm';

/** `/admin/get-user-info` (no meaning in the spec): the lookup of a user by email, which opens the detail. */
export function UserLookupPage() {
  const { t } = useTranslation('admin');
  return (
    <>
      <Text c="dimmed" size="sm" mb="md">
        {t('lookup.intro')}
      </Text>
      <UserLookupForm />
    </>
  );
}
