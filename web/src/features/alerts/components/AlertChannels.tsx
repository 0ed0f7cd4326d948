import { Card, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TelegramSection } from './TelegramSection';
import { WebhooksSection } from './WebhooksSection';

/** The account page's alert channels (issue 18): webhooks and Telegram. */
export function AlertChannels() {
  const { t } = useTranslation('alerts');
  return (
    <>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="md">
          {t('telegram.title')}
        </Title>
        <TelegramSection />
      </Card>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="md">
          {t('webhooks.title')}
        </Title>
        <WebhooksSection />
      </Card>
    </>
  );
}
