import { Card, Skeleton, Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '../../../app/locale';
import { useGetCurrentUserQuery } from '../../../app/userApi';
import { useGetCardQuery } from '../api/paymentApi';
import { CardForm } from '../components/CardForm';

/** /payment/addCard: the card and billing fields; one card per user (a new one replaces it). */
export function AddCardPage() {
  const { t } = useTranslation('payment');
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const card = useGetCardQuery();
  const user = useGetCurrentUserQuery();
  const ready = card.isSuccess && user.data;
  const fullName = user.data
    ? (user.data.fullName ?? `${user.data.firstName} ${user.data.lastName}`).trim()
    : '';
  return (
    <Stack gap="lg" data-testid="add-card">
      <Title order={2} size="h3">
        {t('sections.addCard')}
      </Title>
      {!ready && <Skeleton h={420} />}
      {ready && (
        <Card withBorder padding="lg" maw={720}>
          <CardForm
            contactName={fullName}
            replaces={card.data ?? null}
            onSaved={() => void navigate(localePath('/payment/addCard/success'))}
          />
        </Card>
      )}
    </Stack>
  );
}
