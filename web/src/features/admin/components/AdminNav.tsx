import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../app/locale';
import type { AdminSection } from '../routes/AdminPage';

const MENU: { section: AdminSection; to: string }[] = [
  { section: 'users', to: '/admin' },
  { section: 'searchUrls', to: '/admin/search-urls' },
  { section: 'invoices', to: '/admin/invoices' },
  { section: 'promotions', to: '/admin/promotions' },
  { section: 'systemParameters', to: '/admin/system-parameters' },
  { section: 'userInfo', to: '/admin/get-user-info' },
  { section: 'deleteUser', to: '/admin/delete-user' },
];

/** The admin pages' own menu (the navbar's admin dropdown has the first four). */
export function AdminNav({ section }: { section: AdminSection }) {
  const { t } = useTranslation('admin');
  return (
    <Group mb="lg" gap="md" component="nav" aria-label={t('menuLabel')} data-testid="admin-nav">
      {MENU.map((item) => (
        <Anchor
          key={item.to}
          component={LocaleLink}
          to={item.to}
          size="sm"
          fw={item.section === section ? 700 : 400}
          aria-current={item.section === section ? 'page' : undefined}
        >
          {t(`menu.${item.section}`)}
        </Anchor>
      ))}
    </Group>
  );
}
