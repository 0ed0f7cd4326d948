import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { openPlanOf, useGetUserPlansQuery } from '../../../app/billing/userPlanApi';
import { LocaleLink } from '../../../app/locale';
import { useGetCardQuery } from '../api/paymentApi';
import { CardSummary } from '../components/CardSummary';

/** /payment/addCard/success: the saved card, then the next step (buy a plan, or back to payment). */
export function AddCardSuccessPage() {
  const { t } = useTranslation('payment');
  const card = useGetCardQuery();
  const plans = useGetUserPlansQuery();
  const hasPlan = !!openPlanOf(plans.data);
  return (
    <Stack gap="lg" data-testid="add-card-success">
      <Group gap="sm">
        <IconCircleCheck size={28} color="var(--mantine-color-green-6)" aria-hidden />
        <Title order={2} size="h3">
          {t('sections.addCardSuccess')}
        </Title>
      </Group>
      <Text>{t('addCardSuccess.text')}</Text>
      {card.data && (
        <Card withBorder padding="md" maw={520}>
          <CardSummary card={card.data} />
        </Card>
      )}
      <Group>
        {!hasPlan && (
          <Button component={LocaleLink} to="/payment/addPlan" data-testid="add-card-success-buy">
            {t('actions.addPlan')}
          </Button>
        )}
        <Button component={LocaleLink} to="/payment" variant={hasPlan ? 'filled' : 'default'}>
          {t('actions.toPayment')}
        </Button>
      </Group>
    </Stack>
  );
}
