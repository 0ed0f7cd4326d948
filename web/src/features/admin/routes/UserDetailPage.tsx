import { useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconTrash, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LocaleLink, useLocale, useLocalePath } from '../../../app/locale';
import { useSession } from '../../../app/useSession';
import { formatDate } from '../../../lib/date';
import { readApiError } from '../../../lib/errors';
import { useAdminActions } from '../actions';
import { useAdminScansQuery, useUserActivityQuery, useUserQuery } from '../api/adminApi';
import { useConfirm } from '../components/ConfirmDialog';
import { Empty } from '../components/Empty';
import { Field } from '../components/FormParts';
import { InvoicesTable } from '../components/InvoicesTable';
import { Pager } from '../components/Pager';
import { PlansSection } from '../components/PlansSection';
import { useActivityDetail } from '../components/activityDetail';
import { ScansTable } from '../components/ScansTable';
import { UserFlags } from '../components/UserFlags';
import { UserLookupForm } from '../components/UserLookupForm';
import type { AdminUserDetail } from '../model';

/**
 * `/admin/user/:email`: the account with its flags and creation date, activate/deactivate and delete;
 * the plans (grant, revoke); the invoices (each opens its invoice view, with the refund); the scans;
 * the activity.
 */
export function UserDetailPage({ email }: { email: string }) {
  const { t } = useTranslation('admin');
  const user = useUserQuery(email);
  if (user.isError) {
    const { status } = readApiError(user.error);
    return (
      <Stack>
        <Alert color={status === 404 ? 'yellow' : 'red'} data-testid="user-not-found">
          {status === 404 ? t('user.notFound', { email }) : t('user.failed')}
        </Alert>
        <UserLookupForm initialEmail={email} />
      </Stack>
    );
  }
  if (!user.data) return <Skeleton h={200} />;
  return (
    <Stack gap="xl">
      <AccountCard user={user.data} />
      <Block title={t('plans.title')}>
        <PlansSection email={user.data.email} plans={user.data.plans ?? []} />
      </Block>
      <Block title={t('invoices.title')}>
        <InvoicesTable invoices={user.data.invoices ?? []} />
      </Block>
      <Block title={t('scans.title')}>
        <UserScans user={user.data} />
      </Block>
      <Block title={t('activity.title')}>
        <ActivityList email={user.data.email} />
      </Block>
    </Stack>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}

function AccountCard({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const localePath = useLocalePath();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const actions = useAdminActions();
  const field = (label: string, value: ReactNode, testId: string) => (
    <Field label={label} value={value} testId={testId} />
  );
  const deleteUser = actions.deleteUser(user.email);
  // An admin does not lock themselves out: no deactivation or deletion of the own account here.
  const self = useSession().user?.sub?.toLowerCase() === user.email.toLowerCase();
  return (
    <Paper withBorder p="md" radius="md" data-testid="user-account">
      <Group justify="space-between" mb="md">
        <UserFlags user={user} />
        {!self && (
          <Group gap="xs">
            {user.membershipActive ? (
              <Button
                variant="light"
                color="orange"
                leftSection={<IconUserOff size={16} />}
                onClick={() => confirm(actions.setUserActive(user.email, false))}
                data-testid="user-deactivate"
              >
                {t('user.deactivate')}
              </Button>
            ) : (
              <Button
                variant="light"
                color="green"
                leftSection={<IconUserCheck size={16} />}
                onClick={() => confirm(actions.setUserActive(user.email, true))}
                data-testid="user-activate"
              >
                {t('user.activate')}
              </Button>
            )}
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() =>
                confirm({
                  ...deleteUser,
                  run: (reason) =>
                    deleteUser.run(reason).then(() => navigate(localePath('/admin'), { replace: true })),
                })
              }
              data-testid="user-delete"
            >
              {t('user.delete')}
            </Button>
          </Group>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        {field(t('user.name'), `${user.firstName} ${user.lastName}`.trim(), 'user-name')}
        {field(t('user.email'), user.email, 'user-email')}
        {field(t('user.phone'), user.phone, 'user-phone')}
        {field(t('user.roles'), (user.roles ?? []).join(', '), 'user-roles')}
        {field(t('user.created'), formatDate(user.createdAt, locale), 'user-created')}
        {field(
          t('user.activated'),
          user.activated ? formatDate(user.activatedAt, locale) || t('user.yes') : t('user.notActivated'),
          'user-activated',
        )}
        {field(
          t('user.membership'),
          user.membershipActive ? t('flags.membershipActive') : t('flags.membershipInactive'),
          'user-membership',
        )}
        {field(t('user.plan'), user.planActive ? t('flags.planActive') : t('flags.noPlan'), 'user-plan')}
      </SimpleGrid>
    </Paper>
  );
}

/** The scan counts of the user and their latest scans (the admin list filtered to them). */
function UserScans({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const [page, setPage] = useState(0);
  const scans = useAdminScansQuery({ userEmail: user.email, page });
  const counts = user.scans;
  return (
    <Stack gap="sm">
      {counts && (
        <Group gap="xs" data-testid="user-scan-counts">
          <Badge variant="light">{t('scans.standardCount', { count: counts.standard })}</Badge>
          <Badge variant="light" color="violet">
            {t('scans.deepCount', { count: counts.deep })}
          </Badge>
          <Badge variant="light" color="teal">
            {t('scans.functionalCount', { count: counts.functional })}
          </Badge>
          <Badge variant="light" color="red">
            {t('scans.failedCount', { count: counts.failed })}
          </Badge>
          {counts.lastScanAt && (
            <Text size="sm" c="dimmed">
              {t('scans.last', { at: formatDate(counts.lastScanAt, locale) })}
            </Text>
          )}
        </Group>
      )}
      {scans.isError ? (
        <Alert color="yellow" data-testid="user-scans-error">
          {t('scans.failed')}
        </Alert>
      ) : scans.data && scans.data.items.length === 0 ? (
        <Empty title={t('scans.noneOfUser')} testId="user-scans-empty" />
      ) : (
        <ScansTable scans={scans.data?.items ?? []} showUser={false} />
      )}
      {scans.data && (
        <Group justify="space-between">
          <Pager page={page} total={scans.data.total} onChange={setPage} testId="user-scans-pager" />
          <Anchor
            component={LocaleLink}
            to={`/admin/search-urls?userEmail=${encodeURIComponent(user.email)}`}
            size="sm"
          >
            {t('scans.openInSearchUrls')}
          </Anchor>
        </Group>
      )}
    </Stack>
  );
}

function ActivityList({ email }: { email: string }) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const detail = useActivityDetail();
  const [page, setPage] = useState(0);
  const activity = useUserActivityQuery({ email, page });
  if (activity.isError)
    return (
      <Alert color="yellow" data-testid="activity-error">
        {t('activity.failed')}
      </Alert>
    );
  if (!activity.data) return <Skeleton h={60} />;
  if (activity.data.items.length === 0) return <Empty title={t('activity.none')} testId="activity-empty" />;
  return (
    <>
      <Stack gap={6} data-testid="activity-list">
        {activity.data.items.map((entry, i) => (
          <Group key={`${entry.at}-${i}`} gap="sm" wrap="nowrap" align="flex-start">
            <Text size="sm" c="dimmed" w={120} style={{ flexShrink: 0 }}>
              {formatDate(entry.at, locale)}
            </Text>
            <Badge variant="outline" size="sm" style={{ flexShrink: 0 }}>
              {t(`activity.types.${entry.type}`, { defaultValue: entry.type })}
            </Badge>
            <Text size="sm" data-testid="activity-detail">
              {detail(entry)}
            </Text>
          </Group>
        ))}
      </Stack>
      <Pager page={page} total={activity.data.total} onChange={setPage} testId="activity-pager" />
    </>
  );
}
