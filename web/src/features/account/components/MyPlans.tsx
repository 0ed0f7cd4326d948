import { Alert, Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { openPlanOf, useGetUserPlansQuery } from '../../../app/billing/userPlanApi';
import { UserPlanList } from '../../../app/billing/UserPlanList';
import { LocaleLink, useLocale } from '../../../app/locale';

/** My plans: the plans of GET /api/user-plan (the payment page shows the same list), and where to buy or manage one. */
export function MyPlans() {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const { data: plans, isLoading, isError } = useGetUserPlansQuery();
  if (isLoading) return <Skeleton h={100} />;
  if (isError) return <Alert color="red">{t('plansError')}</Alert>;
  if (!plans?.length)
    return (
      <Stack gap="sm">
        <Alert icon={<IconInfoCircle size={18} />} data-testid="account-no-plans">
          {t('noPlans')}
        </Alert>
        <Group>
          <Button component={LocaleLink} to="/payment/addPlan" size="sm" data-testid="account-buy-plan">
            {t('buyPlan')}
          </Button>
        </Group>
      </Stack>
    );
  return (
    <Stack gap="sm" data-testid="account-plans">
      <UserPlanList plans={plans} locale={locale} />
      <Text size="sm">
        <Anchor component={LocaleLink} to="/payment" data-testid="account-manage-plans">
          {openPlanOf(plans) ? t('managePlans') : t('buyPlan')}
        </Anchor>
      </Text>
    </Stack>
  );
}
