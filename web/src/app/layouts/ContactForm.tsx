import { useState } from 'react';
import { Alert, Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { contactForm } from '@shelfscan/validation';
import { useTranslation } from 'react-i18next';
import { readApiError } from '../../lib/errors';
import { showServerErrors, useSchemaForm } from '../../lib/form';
import { retryAfterOf } from '../../lib/retryAfter';
import { useApiErrorText } from '../../lib/useApiErrorText';
import { useCountdown } from '../../lib/useCountdown';
import { TOAST_AUTO_CLOSE_MS } from '../api';
import { useSendContactMessageMutation } from '../contactApi';
import { useGetCurrentUserQuery } from '../userApi';
import { useSession } from '../useSession';

const toast = (color: 'green' | 'red', message: string) =>
  notifications.show({ color, message, autoClose: TOAST_AUTO_CLOSE_MS, style: { whiteSpace: 'pre-line' } });

/** `m:ss` (or `h:mm:ss`) of a wait in seconds. */
function clock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * Subject and message (required: the shared `contactForm`), name and email read-only from the
 * account; send stays disabled while the form is invalid and while a 429's wait runs.
 */
export function ContactForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation('common');
  const errorText = useApiErrorText('common');
  const { user: session } = useSession();
  const { data: user } = useGetCurrentUserQuery();
  const [send, { isLoading }] = useSendContactMessageMutation();
  const [error, setError] = useState<string | null>(null);
  const wait = useCountdown();
  const form = useSchemaForm(contactForm, { contactSubject: '', contactTitle: '' });
  const name = user?.fullName || [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  const mail = user?.email || session?.sub || '';

  const submit = async (values: typeof form.values) => {
    setError(null);
    try {
      const answer = await send({
        contactSubject: values.contactSubject.trim(),
        contactTitle: values.contactTitle.trim(),
        contactName: name,
        contactMail: mail,
      }).unwrap();
      toast('green', answer.message || t('contact.sent'));
      onSent();
    } catch (e) {
      const { status } = readApiError(e);
      if (status === undefined) return; // the network failure was toasted already
      const seconds = retryAfterOf(e);
      if (status === 429 && seconds) wait.start(seconds);
      setError(showServerErrors(form, e, errorText));
      toast('red', errorText(e));
    }
  };

  return (
    <form noValidate onSubmit={form.onSubmit(submit)} data-testid="contact-form">
      <Stack gap="sm">
        <TextInput label={t('contact.name')} value={name} readOnly data-testid="contact-name" />
        <TextInput label={t('contact.email')} value={mail} readOnly data-testid="contact-email" />
        <TextInput
          label={t('contact.subject')}
          required
          {...form.getInputProps('contactSubject')}
          data-testid="contact-subject"
        />
        <Textarea
          label={t('contact.message')}
          required
          rows={4}
          {...form.getInputProps('contactTitle')}
          data-testid="contact-message"
        />
        {wait.remaining > 0 ? (
          <Alert color="orange" data-testid="contact-wait">
            {t('contact.wait', { time: clock(wait.remaining) })}
          </Alert>
        ) : (
          error && (
            <Alert color="red" style={{ whiteSpace: 'pre-line' }} data-testid="contact-error">
              {error}
            </Alert>
          )
        )}
        <Group justify="flex-end">
          <Button
            type="submit"
            leftSection={<IconSend size={16} />}
            loading={isLoading}
            disabled={!form.isValid() || wait.remaining > 0}
            data-testid="contact-send"
          >
            {t('contact.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
