import { Alert, Anchor, Group } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../app/locale';
import { PageShell } from '../../../app/layouts/PageShell';

export type AdminSection =
  | 'users'
  | 'deleteUser'
  | 'userInfo'
  | 'modal'
  | 'promotions'
  | 'searchUrls'
  | 'systemParameters'
  | 'user'
  | 'userInvoice';

const MENU: { section: AdminSection; to: string }[] = [
  { section: 'users', to: '/admin' },
  { section: 'searchUrls', to: '/admin/search-urls' },
  { section: 'promotions', to: '/admin/promotions' },
  { section: 'systemParameters', to: '/admin/system-parameters' },
];

/** Admin pages (require-admin). Their tables and forms are a later issue. */
export function AdminPage({ section }: { section: AdminSection }) {
  const { t } = useTranslation('admin');
  const params = useParams();
  return (
    <PageShell
      title={t(`sections.${section}`, {
        email: params.email ?? '',
        invoice: params.invoice ?? '',
        id: params.id ?? '',
      })}
      description={t('description')}
    >
      <Group mb="md" gap="md">
        {MENU.map((item) => (
          <Anchor
            key={item.to}
            component={LocaleLink}
            to={item.to}
            size="sm"
            fw={item.section === section ? 700 : 400}
          >
            {t(`sections.${item.section}`, { email: '', invoice: '', id: '' })}
          </Anchor>
        ))}
      </Group>
      <Alert icon={<IconInfoCircle size={18} />} title={t('comingTitle')} data-testid={`admin-${section}`}>
        {t('coming')}
      </Alert>
    </PageShell>
  );
}
