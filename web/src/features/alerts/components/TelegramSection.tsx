import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Code, Group, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { TOAST_AUTO_CLOSE_MS } from '../../../app/api';
import { useLocale } from '../../../app/locale';
import { formatDate } from '../../../lib/date';
import { useApiErrorText } from '../../../lib/useApiErrorText';
import {
  useGetTelegramQuery,
  useLinkTelegramMutation,
  useUnlinkTelegramMutation,
  type TelegramLinkCode,
} from '../api/alertsApi';

/** While a code waits for the bot's /start, the link state is read this often. */
const WAIT_POLL_MS = 3000;

/**
 * The account page's Telegram section (issue 18): link a chat with a one-time code (the bot's deep
 * link, or `/start <code>` typed to the bot), see the linked chat, unlink it; without a bot on the
 * server, it says Telegram is not configured.
 */
export function TelegramSection() {
  const { t } = useTranslation('alerts');
  const locale = useLocale();
  const errorText = useApiErrorText('alerts');
  const [pending, setPending] = useState<TelegramLinkCode | null>(null);
  const { data, isLoading, isError } = useGetTelegramQuery(undefined, {
    pollingInterval: pending ? WAIT_POLL_MS : 0,
  });
  const [link, linking] = useLinkTelegramMutation();
  const [unlink, unlinking] = useUnlinkTelegramMutation();
  const toast = (color: string, message: string) =>
    notifications.show({ color, message, autoClose: TOAST_AUTO_CLOSE_MS });
  const waiting = pending !== null && !data?.linked;

  const start = async () => {
    try {
      setPending(await link().unwrap());
    } catch (e) {
      toast('red', errorText(e));
    }
  };
  const stop = async () => {
    try {
      await unlink().unwrap();
      setPending(null);
      toast('green', t('telegram.unlinked'));
    } catch (e) {
      toast('red', errorText(e));
    }
  };

  if (isLoading) return <Skeleton h={60} />;
  if (isError || !data) return <Alert color="red">{t('telegram.loadError')}</Alert>;
  if (!data.configured)
    return (
      <Text size="sm" c="dimmed" data-testid="telegram-not-configured">
        {t('telegram.notConfigured')}
      </Text>
    );
  return (
    <Stack gap="sm" data-testid="telegram">
      <Text size="sm" c="dimmed">
        {t('telegram.intro')}
      </Text>
      {data.linked ? (
        <>
          <Group gap="xs">
            <Badge color="green" variant="light" data-testid="telegram-status">
              {t('telegram.linked')}
            </Badge>
            <Text size="sm" data-testid="telegram-chat">
              {t('telegram.chat', {
                name: data.chatName ?? '',
                date: data.linkedAt ? formatDate(data.linkedAt, locale) : '',
              })}
            </Text>
          </Group>
          <Group justify="flex-end">
            <Button
              variant="light"
              color="red"
              loading={unlinking.isLoading}
              onClick={stop}
              data-testid="telegram-unlink"
            >
              {t('telegram.unlink')}
            </Button>
          </Group>
        </>
      ) : waiting ? (
        <Stack gap="xs" data-testid="telegram-pending">
          <Text size="sm">{t('telegram.openBot')}</Text>
          <Anchor
            href={pending.deepLink}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="telegram-deep-link"
          >
            {t('telegram.openLink')}
          </Anchor>
          <Text size="sm">
            {t('telegram.orType')} <Code data-testid="telegram-code">/start {pending.code}</Code>
          </Text>
          <Text size="xs" c="dimmed">
            {t('telegram.waiting', { date: formatDate(pending.expiresAt, locale) })}
          </Text>
        </Stack>
      ) : (
        <Group justify="flex-end">
          <Button onClick={start} loading={linking.isLoading} data-testid="telegram-link">
            {t('telegram.link')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
