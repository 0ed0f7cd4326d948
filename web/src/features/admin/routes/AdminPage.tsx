import { Alert } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../app/layouts/PageShell';
import { AdminNav } from '../components/AdminNav';
import { ConfirmProvider } from '../components/ConfirmDialog';
import { AdminHomePage } from './AdminHomePage';
import { ConfirmPage } from './ConfirmPage';
import { DeleteUserPage } from './DeleteUserPage';
import { InvoicePage } from './InvoicePage';
import { InvoicesPage } from './InvoicesPage';
import { PromotionsPage } from './PromotionsPage';
import { SearchUrlsPage } from './SearchUrlsPage';
import { SystemParametersPage } from './SystemParametersPage';
import { UserDetailPage } from './UserDetailPage';
import { UserLookupPage } from './UserLookupPage';

export type AdminSection =
  | 'users'
  | 'deleteUser'
  | 'invoices'
  | 'userInfo'
  | 'modal'
  | 'promotions'
  | 'searchUrls'
  | 'systemParameters'
  | 'user'
  | 'userInvoice';

/**
 * The admin pages (require-admin; every call is checked for ROLE_ADMIN again at the gateway and in
 * the services): the page frame, the admin menu and the one confirm dialog of their destructive
 * actions, around the section the route names.
 */
export function AdminPage({ section }: { section: AdminSection }) {
  const { t } = useTranslation('admin');
  const { email, invoice, id } = useParams();
  const title =
    section === 'user' && email
      ? t('sections.userOf', { email })
      : section === 'userInvoice'
        ? t('sections.userInvoice', { id: id ?? '' })
        : t(`sections.${section}`);
  return (
    <ConfirmProvider>
      <PageShell title={title} size="xl">
        <AdminNav section={section} />
        <div data-testid={`admin-${section}`}>
          <Section section={section} email={email} invoice={invoice} id={id} />
        </div>
      </PageShell>
    </ConfirmProvider>
  );
}

function Section({
  section,
  email,
  invoice,
  id,
}: {
  section: AdminSection;
  email?: string;
  invoice?: string;
  id?: string;
}) {
  const { t } = useTranslation('admin');
  switch (section) {
    case 'users':
      return <AdminHomePage />;
    case 'deleteUser':
      return <DeleteUserPage />;
    case 'userInfo':
      return <UserLookupPage />;
    case 'modal':
      return <ConfirmPage />;
    case 'promotions':
      return <PromotionsPage />;
    case 'searchUrls':
      return <SearchUrlsPage />;
    case 'invoices':
      return <InvoicesPage />;
    case 'systemParameters':
      return <SystemParametersPage />;
    case 'user':
      // `/admin/user` without an email is the lookup.
      return email ? <UserDetailPage key={email} email={email} /> : <UserLookupPage />;
    case 'userInvoice':
      // The spec's `/admin/user/{invoice}/{id}`: the literal segment `invoice`, then the billing number.
      return invoice === 'invoice' && id ? (
        <InvoicePage key={id} conversationId={id} />
      ) : (
        <Alert color="red" data-testid="admin-invoice-bad-link">
          {t('invoice.badLink')}
        </Alert>
      );
  }
}
