import { useState } from 'react';
import { Alert, Button, Card, EmptyState, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCreditCardOff } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TOAST_AUTO_CLOSE_MS } from '../../../app/api';
import { isCancellable, openPlanOf, useGetUserPlansQuery } from '../../../app/billing/userPlanApi';
import { LocaleLink, useLocalePath } from '../../../app/locale';
import { useDeleteCardMutation, useGetCardQuery } from '../api/paymentApi';
import { CardSummary } from '../components/CardSummary';
import { usePaymentErrorText } from '../components/usePaymentErrorText';

/** /payment/deleteCard: the card and what deleting it means, then DELETE /api/card/?id=. */
export function DeleteCardPage() {
  const { t } = useTranslation('payment');
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const errorText = usePaymentErrorText();
  const card = useGetCardQuery();
  const plans = useGetUserPlansQuery();
  const [remove, removing] = useDeleteCardMutation();
  const [error, setError] = useState<string | null>(null);
  const renews = isCancellable(openPlanOf(plans.data));

  const onDelete = async (id: string) => {
    setError(null);
    try {
      const answer = await remove(id).unwrap();
      notifications.show({
        color: 'green',
        message: answer.message ?? t('deleteCard.done'),
        autoClose: TOAST_AUTO_CLOSE_MS,
      });
      void navigate(localePath('/payment'));
    } catch (e) {
      setError(errorText(e) || t('common:codes.cardDeleteFailed'));
    }
  };

  return (
    <Stack gap="lg" data-testid="delete-card">
      <Title order={2} size="h3">
        {t('sections.deleteCard')}
      </Title>
      {card.isLoading && <Skeleton h={160} />}
      {card.isSuccess && !card.data && (
        <EmptyState
          icon={<IconCreditCardOff size={28} />}
          title={t('empty.card.title')}
          description={t('empty.card.text')}
          data-testid="delete-card-none"
        >
          <EmptyState.Actions>
            <Button component={LocaleLink} to="/payment/addCard">
              {t('actions.addCard')}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      )}
      {card.data && (
        <Card withBorder padding="lg" maw={560}>
          <Stack gap="md">
            <CardSummary card={card.data} />
            <Text size="sm">{t('deleteCard.confirm')}</Text>
            {renews && (
              <Alert color="yellow" data-testid="delete-card-renewal">
                {t('deleteCard.renewalWarning')}
              </Alert>
            )}
            {error && (
              <Alert color="red" role="alert" data-testid="delete-card-error">
                {error}
              </Alert>
            )}
            <Group>
              <Button
                color="red"
                loading={removing.isLoading}
                onClick={() => void onDelete(card.data!.id)}
                data-testid="delete-card-confirm"
              >
                {t('deleteCard.submit')}
              </Button>
              <Button component={LocaleLink} to="/payment" variant="default">
                {t('actions.keep')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
