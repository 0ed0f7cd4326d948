import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../app/locale';

export type PaymentSection =
  | 'addCard'
  | 'addCardSuccess'
  | 'addPlan'
  | 'addPlanSuccess'
  | 'deleteCard'
  | 'deletePlan'
  | 'deletePlanSuccess'
  | 'invoice';

/** The children of /payment. Their forms and calls are a later issue. */
export function PaymentSectionPage({ section }: { section: PaymentSection }) {
  const { t } = useTranslation('payment');
  const { invoice } = useParams();
  return (
    <Stack data-testid={`payment-section-${section}`}>
      <Title order={2} size="h3">
        {t(`sections.${section}`, { invoice })}
      </Title>
      <Alert icon={<IconInfoCircle size={18} />}>{t('sectionComing')}</Alert>
      <Anchor component={LocaleLink} to="/payment" size="sm">
        {t('back')}
      </Anchor>
    </Stack>
  );
}
