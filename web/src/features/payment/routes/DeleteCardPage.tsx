import { Alert, Button, EmptyState, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCreditCardOff } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TOAST_AUTO_CLOSE_MS } from '../../../app/api';
import { isCancellable, openPlanOf, useGetUserPlansQuery } from '../../../app/billing/userPlanApi';
import { LocaleLink, useLocalePath } from '../../../app/locale';
import { useDeleteCardMutation, useGetCardQuery } from '../api/paymentApi';
import { CardSummary } from '../components/CardSummary';
import { ConfirmRemoval } from '../components/ConfirmRemoval';
import { useApiErrorText } from '../../../lib/useApiErrorText';

/** /payment/deleteCard: the card and what deleting it means, then DELETE /api/card/?id=. */
export function DeleteCardPage() {
  const { t } = useTranslation('payment');
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const errorText = useApiErrorText('payment');
  const card = useGetCardQuery();
  const plans = useGetUserPlansQuery();
  const [remove, removing] = useDeleteCardMutation();
  const renews = isCancellable(openPlanOf(plans.data));

  const onDelete = async (id: string) => {
    try {
      const answer = await remove(id).unwrap();
      notifications.show({
        color: 'green',
        message: answer.message ?? t('deleteCard.done'),
        autoClose: TOAST_AUTO_CLOSE_MS,
      });
      void navigate(localePath('/payment'));
      return undefined;
    } catch (e) {
      return errorText(e) || t('common:codes.cardDeleteFailed');
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
        <ConfirmRemoval
          testId="delete-card"
          maw={560}
          submitLabel={t('deleteCard.submit')}
          busy={removing.isLoading}
          onConfirm={() => onDelete(card.data!.id)}
        >
          <CardSummary card={card.data} />
          <Text size="sm">{t('deleteCard.confirm')}</Text>
          {renews && (
            <Alert color="yellow" data-testid="delete-card-renewal">
              {t('deleteCard.renewalWarning')}
            </Alert>
          )}
        </ConfirmRemoval>
      )}
    </Stack>
  );
}
