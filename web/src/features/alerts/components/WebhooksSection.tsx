import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { WEBHOOK_EVENTS, webhookRequest, type WebhookEvent } from '@shelfscan/validation';
import { useTranslation } from 'react-i18next';
import { TOAST_AUTO_CLOSE_MS } from '../../../app/api';
import { useLocale } from '../../../app/locale';
import { formatDate } from '../../../lib/date';
import { useSchemaForm, useServerSubmit } from '../../../lib/form';
import { useApiErrorText } from '../../../lib/useApiErrorText';
import {
  useCreateWebhookMutation,
  useDeleteWebhookMutation,
  useListWebhooksQuery,
  useTestWebhookMutation,
  useWebhookDeliveriesQuery,
  type Webhook,
} from '../api/alertsApi';

/**
 * The account page's webhooks (issue 18): my webhooks with their events and status, a form to add one
 * (URL and events), the signing secret shown once after adding, a test event, the delivery log, and
 * delete with a confirmation.
 */
export function WebhooksSection() {
  const { t } = useTranslation('alerts');
  const { data: hooks, isLoading, isError } = useListWebhooksQuery();
  const [secret, setSecret] = useState<string | null>(null);

  return (
    <Stack gap="md" data-testid="webhooks">
      <Text size="sm" c="dimmed">
        {t('webhooks.intro')}
      </Text>
      {isLoading && <Skeleton h={60} />}
      {isError && <Alert color="red">{t('webhooks.loadError')}</Alert>}
      {hooks && hooks.length === 0 && (
        <Text size="sm" data-testid="webhooks-empty">
          {t('webhooks.none')}
        </Text>
      )}
      {hooks?.map((hook) => (
        <WebhookItem key={hook.id} hook={hook} />
      ))}
      <AddWebhookForm onCreated={setSecret} />
      <Modal
        opened={secret !== null}
        onClose={() => setSecret(null)}
        title={t('webhooks.secretTitle')}
        data-testid="webhook-secret-dialog"
      >
        <Stack gap="sm">
          <Text size="sm">{t('webhooks.secretOnce')}</Text>
          <Code block data-testid="webhook-secret" style={{ wordBreak: 'break-all' }}>
            {secret}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={secret ?? ''}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy} data-testid="webhook-secret-copy">
                  {copied ? t('webhooks.copied') : t('webhooks.copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={() => setSecret(null)} data-testid="webhook-secret-close">
              {t('webhooks.secretDone')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function AddWebhookForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const { t } = useTranslation('alerts');
  const errorText = useApiErrorText('alerts');
  const [create, { isLoading }] = useCreateWebhookMutation();
  const form = useSchemaForm(webhookRequest, {
    url: '',
    events: ['tracker.changed'] as WebhookEvent[],
    description: '',
  });
  const { error, onSubmit } = useServerSubmit(form, errorText, async (values) => {
    const created = await create({
      url: values.url.trim(),
      events: values.events,
      ...(values.description?.trim() ? { description: values.description.trim() } : {}),
    }).unwrap();
    form.reset();
    onCreated(created.secret);
  });
  return (
    <Paper withBorder p="sm" radius="md">
      <form onSubmit={onSubmit} noValidate aria-label={t('webhooks.add')} data-testid="webhook-form">
        <Stack gap="sm">
          <TextInput
            label={t('webhooks.url')}
            placeholder="https://hooks.example.com/shelfscan"
            required
            inputMode="url"
            {...form.getInputProps('url')}
            data-testid="webhook-url"
          />
          <Checkbox.Group
            label={t('webhooks.events')}
            required
            {...form.getInputProps('events')}
            data-testid="webhook-events"
          >
            <Stack gap={6} mt={6}>
              {WEBHOOK_EVENTS.map((event) => (
                <Checkbox
                  key={event}
                  value={event}
                  label={`${event} — ${t(`webhooks.event.${event}`)}`}
                  data-testid={`webhook-event-${event}`}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <TextInput
            label={t('webhooks.description')}
            {...form.getInputProps('description')}
            data-testid="webhook-description"
          />
          {error && (
            <Alert
              color="red"
              role="alert"
              data-testid="webhook-form-error"
              style={{ whiteSpace: 'pre-line' }}
            >
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={isLoading} data-testid="webhook-add">
              {t('webhooks.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function WebhookItem({ hook }: { hook: Webhook }) {
  const { t } = useTranslation('alerts');
  const locale = useLocale();
  const errorText = useApiErrorText('alerts');
  const [showLog, setShowLog] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [remove, removing] = useDeleteWebhookMutation();
  const [test, testing] = useTestWebhookMutation();
  const toast = (color: string, message: string) =>
    notifications.show({ color, message, autoClose: TOAST_AUTO_CLOSE_MS });

  const sendTest = async () => {
    try {
      await test(hook.id).unwrap();
      toast('green', t('webhooks.testSent'));
      setShowLog(true);
    } catch (e) {
      toast('red', errorText(e));
    }
  };
  const confirmDelete = async () => {
    try {
      await remove(hook.id).unwrap();
      setConfirming(false);
      toast('green', t('webhooks.deleted'));
    } catch (e) {
      toast('red', errorText(e));
    }
  };

  return (
    <Paper withBorder p="sm" radius="md" data-testid={`webhook-${hook.id}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }} data-testid="webhook-item-url">
            {hook.url}
          </Text>
          <Badge color={hook.enabled ? 'green' : 'red'} variant="light" data-testid="webhook-status">
            {hook.enabled ? t('webhooks.enabled') : t('webhooks.disabled')}
          </Badge>
        </Group>
        {hook.description && (
          <Text size="xs" c="dimmed">
            {hook.description}
          </Text>
        )}
        <Group gap={4}>
          {hook.events.map((event) => (
            <Badge key={event} variant="outline" size="sm" tt="none">
              {event}
            </Badge>
          ))}
        </Group>
        {!hook.enabled && hook.disabledAt && (
          <Text size="xs" c="red" data-testid="webhook-disabled-note">
            {t('webhooks.disabledNote', { date: formatDate(hook.disabledAt, locale) })}
          </Text>
        )}
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            onClick={() => setShowLog((v) => !v)}
            data-testid="webhook-log-toggle"
          >
            {showLog ? t('webhooks.hideLog') : t('webhooks.showLog')}
          </Button>
          <Button
            size="xs"
            variant="light"
            loading={testing.isLoading}
            onClick={sendTest}
            data-testid="webhook-test"
          >
            {t('webhooks.test')}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => setConfirming(true)}
            data-testid="webhook-delete"
          >
            {t('webhooks.delete')}
          </Button>
        </Group>
        {showLog && <DeliveriesLog id={hook.id} />}
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('webhooks.deleteTitle')}
        data-testid="webhook-delete-dialog"
      >
        <Stack gap="sm">
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            {t('webhooks.deleteConfirm', { url: hook.url })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('webhooks.cancel')}
            </Button>
            <Button
              color="red"
              loading={removing.isLoading}
              onClick={confirmDelete}
              data-testid="webhook-delete-confirm"
            >
              {t('webhooks.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

function DeliveriesLog({ id }: { id: string }) {
  const { t } = useTranslation('alerts');
  const locale = useLocale();
  const { data, isLoading, isError, refetch, isFetching } = useWebhookDeliveriesQuery(id);
  if (isLoading) return <Skeleton h={40} />;
  if (isError) return <Alert color="red">{t('webhooks.logError')}</Alert>;
  return (
    <Stack gap={4} data-testid="webhook-log">
      <Group justify="space-between">
        <Text size="xs" fw={600}>
          {t('webhooks.log')}
        </Text>
        <Anchor
          component="button"
          type="button"
          size="xs"
          onClick={() => void refetch()}
          disabled={isFetching}
        >
          {t('webhooks.refresh')}
        </Anchor>
      </Group>
      {data && data.length === 0 ? (
        <Text size="xs" c="dimmed" data-testid="webhook-log-empty">
          {t('webhooks.noDeliveries')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table striped fz="xs" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('webhooks.col.time')}</Table.Th>
                <Table.Th>{t('webhooks.col.event')}</Table.Th>
                <Table.Th>{t('webhooks.col.status')}</Table.Th>
                <Table.Th>{t('webhooks.col.code')}</Table.Th>
                <Table.Th>{t('webhooks.col.attempts')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data?.map((d) => (
                <Table.Tr key={d.id} data-testid="webhook-delivery">
                  <Table.Td>{formatDate(d.lastAttemptAt ?? d.createdAt, locale)}</Table.Td>
                  <Table.Td>{d.event}</Table.Td>
                  <Table.Td>
                    <Badge
                      size="xs"
                      variant="light"
                      color={d.status === 'delivered' ? 'green' : d.status === 'failed' ? 'red' : 'yellow'}
                    >
                      {t(`webhooks.status.${d.status}`)}
                    </Badge>
                    {d.status === 'pending' && d.nextAttemptAt && d.attempts > 0 && (
                      <Text size="xs" c="dimmed">
                        {t('webhooks.nextAttempt', { date: formatDate(d.nextAttemptAt, locale) })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{d.responseCode ?? (d.error ? t('webhooks.noAnswer') : '—')}</Table.Td>
                  <Table.Td>{d.attempts}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
