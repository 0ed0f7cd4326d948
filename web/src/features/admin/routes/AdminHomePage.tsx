import { Suspense } from 'react';
import { Loader, Tabs } from '@mantine/core';
import { IconChartBar, IconMail, IconUsers } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '../../../lib/lazy';
import { ContactMessages } from '../components/ContactMessages';
import { CountersGrid } from '../components/CountersGrid';
import { UsersList } from '../components/UsersList';

// recharts is large: its chunk loads only when the charts tab opens.
const AdminCharts = lazyNamed(() => import('../components/AdminCharts'), 'AdminCharts');

const TABS = ['users', 'charts', 'messages'] as const;
type Tab = (typeof TABS)[number];

/**
 * The admin home (`/admin`): the counters, then the users list (the spec's `/admin`), the charts
 * and the contact messages as tabs (the tab is kept in the URL, `?tab=`).
 */
export function AdminHomePage() {
  const { t } = useTranslation('admin');
  const [query, setQuery] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(query.get('tab') ?? '')
    ? (query.get('tab') as Tab)
    : 'users';
  const open = (next: string | null) =>
    setQuery(
      () => {
        const params = new URLSearchParams();
        if (next && next !== 'users') params.set('tab', next);
        return params;
      },
      { replace: true },
    );

  return (
    <>
      <CountersGrid />
      <Tabs value={tab} onChange={open} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="users" leftSection={<IconUsers size={16} />} data-testid="tab-users">
            {t('home.users')}
          </Tabs.Tab>
          <Tabs.Tab value="charts" leftSection={<IconChartBar size={16} />} data-testid="tab-charts">
            {t('home.charts')}
          </Tabs.Tab>
          <Tabs.Tab value="messages" leftSection={<IconMail size={16} />} data-testid="tab-messages">
            {t('home.messages')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users">
          <UsersList />
        </Tabs.Panel>
        <Tabs.Panel value="charts">
          <Suspense fallback={<Loader size="sm" />}>
            <AdminCharts />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="messages">
          <ContactMessages />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
