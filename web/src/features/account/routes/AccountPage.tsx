import { Alert, Card, Grid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../app/layouts/PageShell';
import { useLocale } from '../../../app/locale';
import { useGetCurrentUserQuery } from '../../../app/userApi';
import { formatDate } from '../../../lib/date';
import { AccountInfoForm } from '../components/AccountInfoForm';
import { ApiTokens } from '../components/ApiTokens';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { MyPlans } from '../components/MyPlans';
import { PhoneVerification } from '../components/PhoneVerification';
import { ProfilePhoto } from '../components/ProfilePhoto';
import { AlertChannels } from '../../alerts/components/AlertChannels';

/** /account: my information (update), change password, API tokens, profile photo, phone verification and my plans. */
export function AccountPage() {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const { data: user, isLoading, isError } = useGetCurrentUserQuery();

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
              <>
                <AccountInfoForm key={user.id} user={user} />
                {user.createdDate && (
                  <Text size="xs" c="dimmed" mt="sm" data-testid="account-created">
                    {t('fields.createdDate')}: {formatDate(user.createdDate, locale)}
                  </Text>
                )}
              </>
            )}
          </Card>
          {user && (
            <Card withBorder padding="lg" mt="lg">
              <Title order={2} size="h4" mb="md">
                {t('password.title')}
              </Title>
              <ChangePasswordForm />
            </Card>
          )}
          {user && (
            <Card withBorder padding="lg" mt="lg">
              <Title order={2} size="h4" mb="md">
                {t('tokens.title')}
              </Title>
              <ApiTokens />
            </Card>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            {user && (
              <Card withBorder padding="lg">
                <Title order={2} size="h4" mb="md">
                  {t('photo.title')}
                </Title>
                <ProfilePhoto user={user} />
              </Card>
            )}
            {user && (
              <Card withBorder padding="lg">
                <Title order={2} size="h4" mb="md">
                  {t('phone.title')}
                </Title>
                {/* Re-keyed when the saved phone changes, so the field follows my information. */}
                <PhoneVerification key={`${user.id}:${user.phone ?? ''}`} user={user} />
              </Card>
            )}
            <Card withBorder padding="lg">
              <Title order={2} size="h4" mb="md">
                {t('myPlans')}
              </Title>
              <MyPlans />
            </Card>
            {user && <AlertChannels />}
          </Stack>
        </Grid.Col>
      </Grid>
    </PageShell>
  );
}
