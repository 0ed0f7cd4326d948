import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../app/layouts/PageShell';

/** The search page. Scan jobs (list by state, create, move, delete) are a later issue. */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  return (
    <PageShell title={t('title')} description={t('description')}>
      <Alert icon={<IconInfoCircle size={18} />} title={t('comingTitle')} data-testid="dashboard-coming">
        {t('coming')}
      </Alert>
    </PageShell>
  );
}
