import { useState } from 'react';
import { Badge, Button, Checkbox, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { grantPlanForm, PLAN_FEATURES } from '@shelfscan/validation';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../app/DayInput';
import { useLocale } from '../../../app/locale';
import { addDays, formatDay, istanbulDay } from '../../../lib/date';
import { showServerErrors, useSchemaForm } from '../../../lib/form';
import { useApiErrorText } from '../../../lib/useApiErrorText';
import { notifySuccess, useAdminActions } from '../actions';
import { useGrantPlanMutation } from '../api/adminApi';
import type { AdminUserPlan } from '../model';
import { useConfirm } from './ConfirmDialog';
import { Empty } from './Empty';
import { FormButtons, FormError, ReasonInput } from './FormParts';

const STATUS_COLORS: Record<string, string> = { active: 'green', cancelled: 'orange', expired: 'gray' };

/** A user's plans (the admin read model), each revocable while usable, and a plan granted by hand. */
export function PlansSection({ email, plans }: { email: string; plans: AdminUserPlan[] }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const confirm = useConfirm();
  const actions = useAdminActions();
  const [granting, setGranting] = useState(false);
  // The days of Istanbul, as billing counts them (the end is the day the plan stops being usable).
  const day = (instant: string) => formatDay(istanbulDay(new Date(instant)), locale);
  const features = (plan: AdminUserPlan) =>
    plan.features.map((f) => t(`features.${f}`, { defaultValue: f })).join(' + ');

  return (
    <Stack gap="sm">
      {plans.length === 0 ? (
        <Empty title={t('plans.none')} testId="plans-empty">
          {t('plans.noneHint')}
        </Empty>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table data-testid="plans-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('plans.features')}</Table.Th>
                <Table.Th>{t('plans.period')}</Table.Th>
                <Table.Th>{t('plans.status')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {plans.map((plan) => (
                <Table.Tr key={plan.subscriptionId} data-testid={`plan-${plan.subscriptionId}`}>
                  <Table.Td>
                    {features(plan)}
                    {plan.trial && (
                      <Badge ml="xs" size="sm" variant="outline">
                        {t('plans.trial')}
                      </Badge>
                    )}
                    {plan.grantedBy && (
                      <Text size="xs" c="dimmed" data-testid={`plan-granted-${plan.subscriptionId}`}>
                        {t('plans.grantedBy', { by: plan.grantedBy, reason: plan.grantReason })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {day(plan.periodStart)} – {day(plan.periodEnd)}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[plan.status] ?? 'gray'} variant="light">
                      {t(`plans.statuses.${plan.status}`, { defaultValue: plan.status })}
                    </Badge>
                    {plan.expiredReason && (
                      <Badge ml={4} size="sm" color="gray" variant="outline">
                        {t(`plans.reasons.${plan.expiredReason}`, { defaultValue: plan.expiredReason })}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    {plan.status !== 'expired' && (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() =>
                          confirm(actions.revokePlan(email, plan.subscriptionId, features(plan)))
                        }
                        data-testid={`plan-revoke-${plan.subscriptionId}`}
                      >
                        {t('plans.revoke')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => setGranting(true)}
          data-testid="plan-grant-open"
        >
          {t('plans.grant')}
        </Button>
      </Group>
      <Modal opened={granting} onClose={() => setGranting(false)} title={t('plans.grantTitle', { email })}>
        {granting && <GrantPlanForm email={email} onDone={() => setGranting(false)} />}
      </Modal>
    </Stack>
  );
}

/** Grant a plan by hand: features, the last day, and why (recorded with the admin's email). */
function GrantPlanForm({ email, onDone }: { email: string; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const errorText = useApiErrorText('admin');
  const today = istanbulDay();
  const [grant, { isLoading }] = useGrantPlanMutation();
  const [error, setError] = useState<string | null>(null);
  const form = useSchemaForm(grantPlanForm(today), {
    features: ['standard'] as string[],
    periodEnd: addDays(today, 30),
    reason: '',
  });
  const send = async (values: typeof form.values) => {
    setError(null);
    try {
      await grant({
        email,
        features: values.features,
        periodEnd: values.periodEnd,
        reason: values.reason.trim(),
      }).unwrap();
      notifySuccess(t('plans.granted'));
      onDone();
    } catch (e) {
      setError(showServerErrors(form, e, errorText));
    }
  };
  return (
    <form noValidate onSubmit={form.onSubmit(send)} data-testid="plan-grant-form">
      <Stack gap="sm">
        <Checkbox.Group label={t('plans.features')} required {...form.getInputProps('features')}>
          <Group mt={4}>
            {PLAN_FEATURES.map((f) => (
              <Checkbox key={f} value={f} label={t(`features.${f}`)} data-testid={`plan-grant-${f}`} />
            ))}
          </Group>
        </Checkbox.Group>
        <DayInput
          label={t('plans.periodEnd')}
          description={t('plans.periodEndHint')}
          required
          {...form.getInputProps('periodEnd')}
          data-testid="plan-grant-end"
        />
        <ReasonInput {...form.getInputProps('reason')} data-testid="plan-grant-reason" />
        <FormError error={error} testId="plan-grant-error" />
        <FormButtons
          onCancel={onDone}
          busy={isLoading}
          label={t('plans.grantSubmit')}
          testId="plan-grant-submit"
        />
      </Stack>
    </form>
  );
}
