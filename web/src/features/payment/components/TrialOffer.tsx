import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, List, Modal, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconGift, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TOAST_AUTO_CLOSE_MS } from '../../../app/api';
import { hadTrial, openPlanOf, type UserPlan } from '../../../app/billing/userPlanApi';
import { LocaleLink } from '../../../app/locale';
import type { CurrentUser } from '../../../app/userApi';
import { useStartTrialMutation } from '../api/paymentApi';
import { useApiErrorText } from '../../../lib/useApiErrorText';

/** The trial is given once, for one day (product spec part 9). */
const TRIAL_DAYS = 1;

/**
 * The free one-day trial, offered while the user has no plan and has not had it. It needs a
 * verified phone (else: a link to the account page); before it starts, the user is told what
 * happens when it ends: one day, every feature, not renewed, nothing charged.
 */
export function TrialOffer({ plans, user }: { plans: readonly UserPlan[]; user: CurrentUser }) {
  const { t } = useTranslation('payment');
  const errorText = useApiErrorText('payment');
  const [start, starting] = useStartTrialMutation();
  const [opened, setOpened] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (openPlanOf(plans) || hadTrial(plans)) return null;

  const onStart = async () => {
    setError(null);
    try {
      const answer = await start().unwrap();
      setOpened(false);
      notifications.show({
        color: 'green',
        message: answer.message ?? t('trial.started'),
        autoClose: TOAST_AUTO_CLOSE_MS,
      });
    } catch (e) {
      setOpened(false);
      setError(errorText(e));
    }
  };

  return (
    <Card withBorder padding="lg" data-testid="trial-offer">
      <Group gap="sm" mb="xs">
        <IconGift size={22} aria-hidden />
        <Title order={3} size="h4">
          {t('trial.title')}
        </Title>
      </Group>
      <Text size="sm" mb="sm">
        {t('trial.text', { count: TRIAL_DAYS })}
      </Text>
      {user.phoneVerified ? (
        <Button onClick={() => setOpened(true)} variant="light" data-testid="trial-start">
          {t('trial.start')}
        </Button>
      ) : (
        <Alert color="yellow" icon={<IconPhone size={18} />} data-testid="trial-phone-needed">
          {t('trial.phoneNeeded')}{' '}
          <Anchor component={LocaleLink} to="/account" data-testid="trial-account-link">
            {t('trial.verifyPhone')}
          </Anchor>
        </Alert>
      )}
      {error && (
        <Alert color="red" mt="sm" role="alert" data-testid="trial-error">
          {error}
        </Alert>
      )}
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('trial.confirmTitle')}
        data-testid="trial-modal"
      >
        <Text size="sm" mb="xs">
          {t('trial.whenItEnds')}
        </Text>
        <List size="sm" spacing={4} mb="lg" data-testid="trial-terms">
          <List.Item>{t('trial.terms.duration', { count: TRIAL_DAYS })}</List.Item>
          <List.Item>{t('trial.terms.features')}</List.Item>
          <List.Item>{t('trial.terms.notRenewed')}</List.Item>
          <List.Item>{t('trial.terms.noCharge')}</List.Item>
        </List>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setOpened(false)}>
            {t('actions.back')}
          </Button>
          <Button loading={starting.isLoading} onClick={() => void onStart()} data-testid="trial-confirm">
            {t('trial.confirm')}
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}
