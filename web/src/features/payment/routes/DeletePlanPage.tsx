import { Button, EmptyState, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPackageOff } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isCancellable, openPlanOf, useGetUserPlansQuery } from '../../../app/billing/userPlanApi';
import { UserPlanList } from '../../../app/billing/UserPlanList';
import { LocaleLink, useLocale, useLocalePath } from '../../../app/locale';
import { formatDay } from '../../../lib/date';
import { useCancelPlanMutation } from '../api/paymentApi';
import { ConfirmRemoval } from '../components/ConfirmRemoval';
import { useApiErrorText } from '../../../lib/useApiErrorText';

/** /payment/deletePlan: what cancelling means (usable to its end date, not renewed), then DELETE /api/user-plan. */
export function DeletePlanPage() {
  const { t } = useTranslation('payment');
  const locale = useLocale();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const errorText = useApiErrorText('payment');
  const plans = useGetUserPlansQuery();
  const [cancel, cancelling] = useCancelPlanMutation();
  const open = openPlanOf(plans.data);
  const plan = isCancellable(open) ? open : undefined;

  const onCancel = async () => {
    try {
      const answer = await cancel().unwrap();
      void navigate(localePath('/payment/deletePlan/success'), {
        state: { endDate: answer.data?.endDate ?? plan?.endDate },
      });
      return undefined;
    } catch (e) {
      return errorText(e);
    }
  };

  return (
    <Stack gap="lg" data-testid="delete-plan">
      <Title order={2} size="h3">
        {t('sections.deletePlan')}
      </Title>
      {plans.isLoading && <Skeleton h={160} />}
      {plans.isSuccess && !plan && (
        <EmptyState
          icon={<IconPackageOff size={28} />}
          title={t('deletePlan.noneTitle')}
          description={open?.status === 'cancelled' ? t('deletePlan.alreadyCancelled') : t('deletePlan.none')}
          data-testid="delete-plan-none"
        >
          <EmptyState.Actions>
            <Button component={LocaleLink} to="/payment" variant="default">
              {t('actions.toPayment')}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      )}
      {plan && (
        <ConfirmRemoval
          testId="delete-plan"
          maw={640}
          submitLabel={t('deletePlan.submit')}
          busy={cancelling.isLoading}
          onConfirm={onCancel}
        >
          <UserPlanList plans={[plan]} locale={locale} />
          <Text size="sm">{t('deletePlan.whatHappens')}</Text>
          <List size="sm" spacing={4}>
            <List.Item>
              {plan.status === 'past_due'
                ? t('deletePlan.endsNow')
                : t('deletePlan.usableUntil', { date: formatDay(plan.endDate, locale) })}
            </List.Item>
            <List.Item>{t('deletePlan.notRenewed')}</List.Item>
            <List.Item>{t('deletePlan.noRefund')}</List.Item>
          </List>
        </ConfirmRemoval>
      )}
    </Stack>
  );
}
