import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconShieldLock } from '@tabler/icons-react';
import { planForm } from '@shelfscan/validation';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LocaleLink, useLocale, useLocalePath } from '../../../app/locale';
import { openPlanOf, useGetUserPlansQuery } from '../../../app/billing/userPlanApi';
import { useGetCurrentUserQuery } from '../../../app/userApi';
import { formatDay } from '../../../lib/date';
import { readApiError } from '../../../lib/errors';
import { useSchemaForm } from '../../../lib/form';
import { formatMoney } from '../../../lib/money';
import { leaveAppTo } from '../../../lib/navigation';
import { useCodeText } from '../../../lib/useApiErrorText';
import {
  useGetCardQuery,
  useGetPlansQuery,
  useGetSummaryQuery,
  useSubscribeMutation,
} from '../api/paymentApi';
import { PlanPicker } from '../components/PlanPicker';
import { PriceBreakdown } from '../components/PriceBreakdown';
import { TrialOffer } from '../components/TrialOffer';
import { usePaymentErrorText } from '../components/usePaymentErrorText';

/** How long the coupon field waits for the typing to stop before asking for the breakdown. */
export const SUMMARY_DEBOUNCE_MS = 400;

interface PlanFormValues extends Record<string, unknown> {
  features: string[];
  promotionCode: string;
}

/** A failed purchase: its text and its reason (the page offers the way out of some). */
interface BuyError {
  text: string;
  code?: string;
}

/** The text of a reason key (a failed 3-D Secure step comes back as `?threeDsError=<reason>`). */
function useReasonText() {
  const { t } = useTranslation('payment');
  const codeText = useCodeText('payment');
  return (reason: string, fallbackKey: string) => codeText(reason) ?? t(fallbackKey);
}

/**
 * /payment/addPlan: the features with their limits and price, a coupon code with the live breakdown
 * (POST /api/promotion/summary, debounced) in USD and TRY and every reason a code does not apply,
 * then the purchase. A payment that needs 3-D Secure sends the browser to the bank's page; the bank
 * comes back to /payment/addPlan/success?conversationId=… or here with ?threeDsError=<reason>.
 */
export function AddPlanPage() {
  const { t } = useTranslation('payment');
  const locale = useLocale();
  const localePath = useLocalePath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const reasonText = useReasonText();
  const errorText = usePaymentErrorText();
  const plans = useGetPlansQuery();
  const userPlans = useGetUserPlansQuery();
  const card = useGetCardQuery();
  const user = useGetCurrentUserQuery();
  const [subscribe, subscribing] = useSubscribeMutation();
  const form = useSchemaForm<PlanFormValues>(planForm, { features: ['standard'], promotionCode: '' });
  const [error, setError] = useState<BuyError | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  const values = form.getValues();
  const typedCode = values.promotionCode.trim();
  const [code] = useDebouncedValue(typedCode, SUMMARY_DEBOUNCE_MS);
  const codeSettled = code === typedCode;
  const summary = useGetSummaryQuery(
    { plan: values.features[0] ?? '', features: values.features, promotionCode: code },
    { skip: values.features.length === 0 || code.length > 40 },
  );
  const breakdown = summary.data?.breakdown ?? null;
  const reasons = code && summary.data ? summary.data.reasons : [];
  const unavailable = summary.data?.unavailableReason ?? null;
  const toPay = !breakdown || breakdown.netUsdCents > 0;
  const openPlan = openPlanOf(userPlans.data);
  const noCard = card.isSuccess && card.data === null && toPay;
  const threeDsError = params.get('threeDsError');

  const blocked =
    !!openPlan ||
    noCard ||
    reasons.length > 0 ||
    !codeSettled ||
    summary.isFetching ||
    (!!unavailable && toPay) ||
    redirecting;

  const buy = async (v: PlanFormValues) => {
    setError(null);
    try {
      const result = await subscribe({
        plan: v.features[0],
        features: v.features,
        promotionCode: v.promotionCode.trim(),
      }).unwrap();
      const threeDs = result.threeDSecure;
      if (threeDs?.redirectUrl) {
        setRedirecting(true);
        if (!leaveAppTo(threeDs.redirectUrl)) {
          setRedirecting(false);
          setError({ text: t('threeDs.cannotStart') });
        }
        return;
      }
      const query = result.conversationId
        ? `?conversationId=${encodeURIComponent(result.conversationId)}`
        : '';
      void navigate(localePath(`/payment/addPlan/success${query}`));
    } catch (e) {
      const { code: reason } = readApiError(e);
      const text = errorText(e);
      // A code that does not apply (any more) is said under the code field.
      if (reason?.startsWith('promotion')) form.setFieldError('promotionCode', text);
      else setError({ text, code: reason });
    }
  };

  return (
    <Stack gap="lg" data-testid="add-plan">
      <Title order={2} size="h3">
        {t('sections.addPlan')}
      </Title>
      {threeDsError && (
        <Alert color="red" icon={<IconShieldLock size={18} />} role="alert" data-testid="three-ds-error">
          {reasonText(threeDsError, 'threeDs.failed')}
        </Alert>
      )}
      {openPlan && (
        <Alert color="blue" data-testid="plan-already-active">
          {t('addPlan.alreadyActive', { date: formatDay(openPlan.endDate, locale) })}{' '}
          <Anchor component={LocaleLink} to="/payment">
            {t('actions.toPayment')}
          </Anchor>
        </Alert>
      )}
      {user.data && userPlans.data && <TrialOffer plans={userPlans.data} user={user.data} />}
      {plans.isLoading && <Skeleton h={180} />}
      <form onSubmit={form.onSubmit((v) => void buy(v))} noValidate data-testid="plan-form">
        <Stack gap="lg">
          {plans.data && (
            <PlanPicker
              plans={plans.data}
              value={values.features}
              onChange={(features) => form.setFieldValue('features', features)}
              error={form.getInputProps('features').error}
            />
          )}
          <Card withBorder padding="lg">
            <Stack gap="sm">
              <TextInput
                label={t('addPlan.coupon')}
                description={t('addPlan.couponHint')}
                autoComplete="off"
                {...form.getInputProps('promotionCode')}
                data-testid="coupon-input"
              />
              {code && codeSettled && summary.data?.applies && !summary.isFetching && (
                <Badge color="green" variant="light" data-testid="coupon-applied">
                  {t('addPlan.couponApplied', {
                    amount: formatMoney(breakdown?.discountUsd ?? '0', 'USD', locale),
                  })}
                </Badge>
              )}
              {reasons.length > 0 && (
                <Stack gap={2} data-testid="coupon-reasons">
                  {reasons.map((r) => (
                    <Text key={r} size="sm" c="red" data-testid="coupon-reason">
                      {reasonText(r, 'codes.promotionNotApplicable')}
                    </Text>
                  ))}
                </Stack>
              )}
              <Title order={3} size="h5" mt="xs">
                {t('addPlan.firstPayment')}
              </Title>
              {summary.isError && (
                <Alert color="red" data-testid="summary-error">
                  {errorText(summary.error)}
                </Alert>
              )}
              {(!codeSettled || summary.isFetching) && (
                <Text size="xs" c="dimmed" data-testid="summary-updating">
                  {t('addPlan.updating')}
                </Text>
              )}
              {breakdown && (
                <PriceBreakdown
                  figures={breakdown}
                  missingTry={<Text size="sm">{t('addPlan.noTry')}</Text>}
                />
              )}
              {unavailable && toPay && (
                <Alert color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="fx-unavailable">
                  {reasonText(unavailable, 'messages:fxRateUnavailable')}
                </Alert>
              )}
              {plans.data?.[0] && (
                <Text size="xs" c="dimmed">
                  {t('addPlan.renewal', { price: formatMoney(plans.data[0].price, 'USD', locale) })}
                </Text>
              )}
            </Stack>
          </Card>
          {noCard && (
            <Alert color="yellow" data-testid="no-card-warning">
              {t('messages:noCardFound')}{' '}
              <Anchor component={LocaleLink} to="/payment/addCard" data-testid="no-card-add">
                {t('actions.addCard')}
              </Anchor>
            </Alert>
          )}
          {error && (
            <Alert color="red" role="alert" style={{ whiteSpace: 'pre-line' }} data-testid="buy-error">
              {error.text}
              {error.code === 'noCardFound' && (
                <>
                  {' '}
                  <Anchor component={LocaleLink} to="/payment/addCard">
                    {t('actions.addCard')}
                  </Anchor>
                </>
              )}
            </Alert>
          )}
          {redirecting && (
            <Alert color="blue" icon={<IconShieldLock size={18} />} data-testid="three-ds-redirect">
              {t('threeDs.redirecting')}
            </Alert>
          )}
          <Group>
            <Button type="submit" disabled={blocked} loading={subscribing.isLoading} data-testid="buy-submit">
              {breakdown?.try && toPay
                ? t('addPlan.buyFor', { amount: formatMoney(breakdown.try, 'TRY', locale) })
                : t('addPlan.buy')}
            </Button>
            <Anchor component={LocaleLink} to="/payment" size="sm">
              {t('actions.back')}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
