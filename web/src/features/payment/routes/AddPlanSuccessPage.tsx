import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LocaleLink, useLocale } from '../../../app/locale';
import { formatMoney } from '../../../lib/money';
import { useGetPaymentQuery } from '../api/paymentApi';
import { PaymentStatusBadges } from '../components/PaymentStatusBadges';

/** While the bank's answer is being settled (after 3-D Secure), the payment is asked for again. */
const SETTLING_POLL_MS = 2000;

/**
 * /payment/addPlan/success[?conversationId=…]: the purchase went through (directly, or back from the
 * bank's 3-D Secure page); the payment of that billing number is shown with a link to its invoice.
 */
export function AddPlanSuccessPage() {
  const { t } = useTranslation('payment');
  const locale = useLocale();
  const [params] = useSearchParams();
  const conversationId = params.get('conversationId');
  const payment = useGetPaymentQuery(conversationId ?? '', { skip: !conversationId });
  const settling = payment.data?.status === 'pending' || payment.data?.status === 'unknown';
  useGetPaymentQuery(conversationId ?? '', {
    skip: !conversationId || !settling,
    pollingInterval: SETTLING_POLL_MS,
  });
  const failed = payment.data?.status === 'failed';

  return (
    <Stack gap="lg" data-testid="add-plan-success">
      {failed ? (
        <Alert color="red" role="alert" data-testid="add-plan-failed">
          {t('addPlanSuccess.failed', { reason: payment.data?.errorMessage ?? '' })}
        </Alert>
      ) : (
        <Group gap="sm">
          <IconCircleCheck size={28} color="var(--mantine-color-green-6)" aria-hidden />
          <Title order={2} size="h3">
            {settling ? t('addPlanSuccess.settling') : t('sections.addPlanSuccess')}
          </Title>
        </Group>
      )}
      {!failed && <Text>{t('addPlanSuccess.text')}</Text>}
      {payment.data && (
        <Card withBorder padding="md" data-testid="add-plan-payment">
          <Group justify="space-between">
            <div>
              <Text size="sm" c="dimmed">
                {t('history.number')}
              </Text>
              <Text ff="monospace">{payment.data.conversationId}</Text>
            </div>
            <Text fw={700} size="lg" data-testid="add-plan-amount">
              {formatMoney(payment.data.amount, 'TRY', locale)}
            </Text>
            <PaymentStatusBadges payment={payment.data} />
          </Group>
          <Anchor
            component={LocaleLink}
            to={`/payment/${encodeURIComponent(payment.data.conversationId)}`}
            size="sm"
            mt="sm"
            display="inline-block"
            data-testid="add-plan-invoice-link"
          >
            {t('addPlanSuccess.invoice')}
          </Anchor>
        </Card>
      )}
      <Group>
        <Button component={LocaleLink} to="/dashboard">
          {t('actions.toDashboard')}
        </Button>
        <Button component={LocaleLink} to="/payment" variant="default">
          {t('actions.toPayment')}
        </Button>
      </Group>
    </Stack>
  );
}
