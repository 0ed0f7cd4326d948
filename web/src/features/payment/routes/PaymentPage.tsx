import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../app/locale';
import { PageShell } from '../../../app/layouts/PageShell';
import { stripLocale } from '../../../lib/locale';

/** /payment: packages, card, payment history; its children render below. Contents are a later issue. */
export function PaymentPage() {
  const { t } = useTranslation('payment');
  const { pathname } = useLocation();
  const isIndex = stripLocale(pathname).replace(/\/$/, '') === '/payment';
  return (
    <PageShell title={t('title')} description={t('description')}>
      <Stack>
        {isIndex && (
          <>
            <Alert icon={<IconInfoCircle size={18} />} title={t('comingTitle')} data-testid="payment-coming">
              {t('coming')}
            </Alert>
            <Group>
              <Button component={LocaleLink} to="/payment/addPlan" variant="light">
                {t('sections.addPlan')}
              </Button>
              <Button component={LocaleLink} to="/payment/addCard" variant="light">
                {t('sections.addCard')}
              </Button>
            </Group>
          </>
        )}
        <Outlet />
      </Stack>
    </PageShell>
  );
}
