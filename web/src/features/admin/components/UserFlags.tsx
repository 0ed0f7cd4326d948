import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '../model';

/** The admin view's flags of an account: email verified, membership active, plan active. */
export function UserFlags({
  user,
}: {
  user: Pick<AdminUser, 'activated' | 'membershipActive' | 'planActive'>;
}) {
  const { t } = useTranslation('admin');
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={user.membershipActive ? 'green' : 'red'} variant="light" data-testid="flag-membership">
        {t(user.membershipActive ? 'flags.membershipActive' : 'flags.membershipInactive')}
      </Badge>
      <Badge color={user.planActive ? 'blue' : 'gray'} variant="light" data-testid="flag-plan">
        {t(user.planActive ? 'flags.planActive' : 'flags.noPlan')}
      </Badge>
      {!user.activated && (
        <Badge color="yellow" variant="light" data-testid="flag-not-verified">
          {t('flags.notVerified')}
        </Badge>
      )}
    </Group>
  );
}
