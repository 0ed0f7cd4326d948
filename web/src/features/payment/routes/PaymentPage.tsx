import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../app/layouts/PageShell';
import { stripLocale } from '../../../lib/locale';
import { PaymentOverview } from '../components/PaymentOverview';

/** /payment: packages, card and payment history; its children (add card, add plan, …) replace them. */
export function PaymentPage() {
  const { t } = useTranslation('payment');
  const { pathname } = useLocation();
  const isIndex = stripLocale(pathname).replace(/\/$/, '') === '/payment';
  return (
    <PageShell title={t('title')} description={t('description')}>
      {isIndex ? <PaymentOverview /> : <Outlet />}
    </PageShell>
  );
}
