import { Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Quota } from '../model';

const left = (used: number, limit: number) => Math.max(0, limit - used);

/** What remains of today's and this month's searches, per plan held. */
export function QuotaPanel({ quota }: { quota: Quota }) {
  const { t } = useTranslation('dashboard');
  const { standard, deep, plans } = quota;
  return (
    <Paper withBorder p="xs" mb="md" data-testid="quota">
      <Group gap="lg">
        <Text size="sm" fw={600}>
          {t('quota.title')}
        </Text>
        <Text size="sm" data-testid="quota-standard">
          {plans.standard
            ? t('quota.standard', {
                dayLeft: left(standard.dayUsed, standard.dayLimit),
                dayLimit: standard.dayLimit,
                monthLeft: left(standard.monthUsed, standard.monthLimit),
                monthLimit: standard.monthLimit,
              })
            : t('quota.noPlan', { type: t('types.standard') })}
        </Text>
        <Text size="sm" data-testid="quota-deep">
          {plans.deep
            ? t('quota.deep', { dayLeft: left(deep.dayUsed, deep.dayLimit), dayLimit: deep.dayLimit })
            : t('quota.noPlan', { type: t('types.deep') })}
        </Text>
        <Text size="sm" c="dimmed" data-testid="quota-list-limit">
          {t('quota.listLimit', { count: quota.listLimit })}
        </Text>
      </Group>
    </Paper>
  );
}
