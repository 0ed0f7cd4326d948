import type { ReactNode } from 'react';
import { Alert, Button, Card, EmptyState, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCreditCard, IconPackage, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isCancellable, openPlanOf, useGetUserPlansQuery } from '../../../app/billing/userPlanApi';
import { UserPlanList } from '../../../app/billing/UserPlanList';
import { LocaleLink, useLocale } from '../../../app/locale';
import { useGetCurrentUserQuery } from '../../../app/userApi';
import { useGetCardQuery, useGetPaymentsQuery } from '../api/paymentApi';
import { CardSummary } from './CardSummary';
import { PaymentHistory } from './PaymentHistory';
import { TrialOffer } from './TrialOffer';

function Section({
  title,
  actions,
  children,
  testId,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Card withBorder padding="lg" data-testid={testId}>
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Card>
  );
}

/** /payment: current packages (and the trial offer), the saved card, the payment history. */
export function PaymentOverview() {
  const { t } = useTranslation('payment');
  const locale = useLocale();
  const plans = useGetUserPlansQuery();
  const card = useGetCardQuery();
  const payments = useGetPaymentsQuery();
  const user = useGetCurrentUserQuery();
  const open = openPlanOf(plans.data);
  const planList = plans.data ?? [];

  return (
    <Stack gap="lg" data-testid="payment-overview">
      <Section
        title={t('overview.packages')}
        testId="payment-packages"
        actions={
          <Group gap="xs">
            {isCancellable(open) && (
              <Button
                component={LocaleLink}
                to="/payment/deletePlan"
                size="xs"
                variant="default"
                data-testid="payment-cancel-plan"
              >
                {t('actions.cancelPlan')}
              </Button>
            )}
          </Group>
        }
      >
        <Stack gap="md">
          {plans.isLoading && <Skeleton h={120} />}
          {plans.isError && <Alert color="red">{t('overview.plansError')}</Alert>}
          {plans.isSuccess && !open && (
            <EmptyState
              icon={<IconPackage size={28} />}
              title={planList.length ? t('empty.plan.noActive') : t('empty.plan.title')}
              description={t('empty.plan.text')}
              data-testid="payment-no-plan"
            >
              <EmptyState.Actions>
                <Button component={LocaleLink} to="/payment/addPlan" data-testid="payment-add-plan">
                  {t('actions.addPlan')}
                </Button>
              </EmptyState.Actions>
            </EmptyState>
          )}
          {planList.length > 0 && <UserPlanList plans={planList} locale={locale} />}
          {plans.data && user.data && <TrialOffer plans={plans.data} user={user.data} />}
        </Stack>
      </Section>

      <Section
        title={t('overview.card')}
        testId="payment-card"
        actions={
          card.data ? (
            <Group gap="xs">
              <Button component={LocaleLink} to="/payment/addCard" size="xs" variant="default">
                {t('actions.replaceCard')}
              </Button>
              <Button
                component={LocaleLink}
                to="/payment/deleteCard"
                size="xs"
                color="red"
                variant="light"
                data-testid="payment-delete-card"
              >
                {t('actions.deleteCard')}
              </Button>
            </Group>
          ) : null
        }
      >
        {card.isLoading && <Skeleton h={80} />}
        {card.data && (
          <Stack gap="xs">
            <CardSummary card={card.data} />
            <Text size="xs" c="dimmed">
              {t('overview.oneCard')}
            </Text>
          </Stack>
        )}
        {card.isSuccess && !card.data && (
          <EmptyState
            icon={<IconCreditCard size={28} />}
            title={t('empty.card.title')}
            description={t('empty.card.text')}
            data-testid="payment-no-card"
          >
            <EmptyState.Actions>
              <Button component={LocaleLink} to="/payment/addCard" data-testid="payment-add-card">
                {t('actions.addCard')}
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        )}
      </Section>

      <Section title={t('overview.history')} testId="payment-history-section">
        {payments.isLoading && <Skeleton h={120} />}
        {payments.data && payments.data.length > 0 && <PaymentHistory payments={payments.data} />}
        {payments.isSuccess && payments.data.length === 0 && (
          <EmptyState
            icon={<IconReceipt size={28} />}
            title={t('empty.history.title')}
            description={open ? t('empty.history.textWithPlan') : t('empty.history.text')}
            data-testid="payment-no-history"
          />
        )}
      </Section>
    </Stack>
  );
}
