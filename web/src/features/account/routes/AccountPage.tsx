import { Alert, Card, Grid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../app/layouts/PageShell';
import { useLocale } from '../../../app/locale';
import { useGetCurrentUserQuery } from '../../../app/userApi';
import { formatDate } from '../../../lib/date';

/** /account: my information (GET /api/account/user) and my plans. Update form, photo and phone verification are a later issue. */
export function AccountPage() {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const { data: user, isLoading, isError } = useGetCurrentUserQuery();
  const plans = user?.userPlans ?? [];

  const rows: { key: string; value: string | null | undefined; testId: string }[] = user
    ? [
        { key: 'fields.firstName', value: user.firstName, testId: 'account-first-name' },
        { key: 'fields.lastName', value: user.lastName, testId: 'account-last-name' },
        { key: 'fields.email', value: user.email, testId: 'account-email' },
        { key: 'fields.phone', value: user.phone, testId: 'account-phone' },
        { key: 'fields.createdDate', value: formatDate(user.createdDate, locale), testId: 'account-created' },
      ]
    : [];

  return (
    <PageShell title={t('title')}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder padding="lg">
            <Title order={2} size="h4" mb="md">
              {t('myInformation')}
            </Title>
            {isLoading && <Skeleton h={160} />}
            {isError && <Alert color="red">{t('loadError')}</Alert>}
            {user && (
              <Table variant="vertical" layout="fixed" withTableBorder={false} data-testid="account-info">
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.key}>
                      <Table.Th w={160}>{t(row.key)}</Table.Th>
                      <Table.Td data-testid={row.testId}>
                        {row.value || (
                          <Text c="dimmed" span>
                            —
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder padding="lg">
            <Title order={2} size="h4" mb="md">
              {t('myPlans')}
            </Title>
            {user && plans.length === 0 && (
              <Alert icon={<IconInfoCircle size={18} />} data-testid="account-no-plans">
                {t('noPlans')}
              </Alert>
            )}
            {plans.length > 0 && (
              <Stack gap="xs" data-testid="account-plans">
                {plans.map((p, i) => (
                  <Text key={p.id ?? i}>
                    {p.plan?.name ?? p.plan?.planCode ?? t('plan')}
                    {p.plan?.trial ? ` (${t('trial')})` : ''}
                    {p.endDate ? ` — ${t('until', { date: formatDate(p.endDate, locale) })}` : ''}
                  </Text>
                ))}
              </Stack>
            )}
          </Card>
        </Grid.Col>
      </Grid>
    </PageShell>
  );
}
