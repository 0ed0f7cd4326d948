import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/locale';
import { formatDate } from '../../../lib/date';
import type { Quota } from '../model';

/** Inside a create dialog: that today's rights of the type are used up, and when they come back. */
export function QuotaNote({ quota, deep }: { quota: Quota | undefined; deep: boolean }) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  if (!quota) return null;
  const day = deep ? quota.deep : quota.standard;
  const monthUsedUp = !deep && quota.standard.monthUsed >= quota.standard.monthLimit;
  if (day.dayUsed < day.dayLimit && !monthUsedUp) return null;
  return (
    <Alert color="yellow" data-testid="create-limit">
      {monthUsedUp
        ? t('messages:monthlySearchLimitExceeded')
        : t('limitReached', { date: formatDate(quota.nextDayAt, locale) })}
    </Alert>
  );
}
