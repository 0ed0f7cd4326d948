import { useMemo } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { marketCodesFor } from '@shelfscan/markets';
import { useTranslation } from 'react-i18next';
import { TOAST_AUTO_CLOSE_MS } from '../../../app/api';
import { LocaleLink, useLocale } from '../../../app/locale';
import { useSchemaForm, useServerSubmit } from '../../../lib/form';
import { useApiErrorText } from '../../../lib/useApiErrorText';
import { useMarketNames } from '../../../lib/useMarketNames';
import { useCreateTrackerMutation, useUpdateTrackerMutation } from '../api/trackersApi';
import {
  initialValues,
  trackerDialogSchema,
  trackerRequestOf,
  type TrackerPrefill,
  type TrackerValues,
} from '../form';
import { atHour, scheduleText, type Tracker } from '../model';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];
/** A day as a list shows it: "Pazartesi" (a Turkish sentence says "her pazartesi"). */
const capitalized = (text: string, locale: string) =>
  text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);

/**
 * Add or edit a tracker: the store (link, market, scan type, keyword, label), when it runs (daily or
 * weekly, at an Istanbul hour) and which alerts it sends. The shared `trackerForm` rules check it
 * before sending; the server's 422 messages land on their fields.
 */
export function TrackerDialog({
  tracker,
  prefill,
  onClose,
  onSaved,
}: {
  /** The tracker to edit; none: a new one. */
  tracker?: Tracker;
  prefill?: TrackerPrefill;
  onClose: () => void;
  onSaved?: (id: string) => void;
}) {
  const { t } = useTranslation('trackers');
  const locale = useLocale();
  const names = useMarketNames();
  const errorText = useApiErrorText('trackers');
  const start = useMemo(() => initialValues(tracker, prefill), [tracker, prefill]);
  const form = useSchemaForm<TrackerValues>(trackerDialogSchema, start);
  const [create, creating] = useCreateTrackerMutation();
  const [update, updating] = useUpdateTrackerMutation();
  const values = form.getValues();
  const markets = marketCodesFor(values.searchType);
  const editing = !!tracker;
  // On a phone the dialog takes the whole screen.
  const phone = useMediaQuery('(max-width: 36em)') ?? false;

  const { error, onSubmit } = useServerSubmit(
    form,
    (e) => errorText(e),
    async (submitted) => {
      const body = trackerRequestOf(submitted);
      let id: string;
      if (tracker) {
        await update({ id: tracker.id, body }).unwrap();
        id = tracker.id;
      } else id = (await create(body).unwrap()).id;
      notifications.show({
        color: 'green',
        message: t(editing ? 'dialog.saved' : 'dialog.created'),
        autoClose: TOAST_AUTO_CLOSE_MS,
      });
      onSaved?.(id);
      onClose();
    },
  );

  const numberSelect = (field: 'hour' | 'weekday') => {
    const props = form.getInputProps(field);
    return {
      value: String(values[field]),
      onChange: (value: string | null) => value !== null && form.setFieldValue(field, Number(value)),
      error: props.error,
      allowDeselect: false,
    };
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(editing ? 'dialog.editTitle' : 'dialog.addTitle')}
      size="lg"
      fullScreen={phone}
      data-testid="tracker-dialog"
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('dialog.storeUrl')}
            description={t('dialog.storeUrlHint')}
            required
            {...form.getInputProps('storeUrl')}
            data-testid="tracker-store-url"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <div>
              <Text size="sm" fw={500} mb={4} id="tracker-type-label">
                {t('dialog.searchType')}
              </Text>
              <SegmentedControl
                fullWidth
                aria-labelledby="tracker-type-label"
                data={[
                  { value: 'standard', label: t('types.standard') },
                  { value: 'deep', label: t('types.deep') },
                ]}
                value={values.searchType}
                onChange={(value) => {
                  const type = value === 'deep' ? 'deep' : 'standard';
                  form.setFieldValue('searchType', type);
                  // A market the type is not sold in is cleared rather than shown blank.
                  if (values.market && !marketCodesFor(type).includes(values.market as never))
                    form.setFieldValue('market', '');
                }}
                data-testid="tracker-type"
              />
            </div>
            <Select
              label={t('dialog.market')}
              required
              data={markets.map((code) => ({ value: code, label: names.name(code) }))}
              {...form.getInputProps('market')}
              onChange={(value) => form.setFieldValue('market', value ?? '')}
              data-testid="tracker-market"
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('dialog.keyword')}
              description={t('dialog.keywordHint')}
              {...form.getInputProps('keyword')}
              data-testid="tracker-keyword"
            />
            <TextInput
              label={t('dialog.fileName')}
              description={t('dialog.fileNameHint')}
              {...form.getInputProps('fileName')}
              value={values.fileName ?? ''}
              onChange={(event) => form.setFieldValue('fileName', event.currentTarget.value || undefined)}
              data-testid="tracker-file-name"
            />
          </SimpleGrid>
          <div>
            <Text size="sm" fw={500} mb={4} id="tracker-schedule-label">
              {t('dialog.schedule')}
            </Text>
            <SegmentedControl
              aria-labelledby="tracker-schedule-label"
              data={[
                { value: 'daily', label: t('dialog.daily') },
                { value: 'weekly', label: t('dialog.weekly') },
              ]}
              value={values.schedule}
              onChange={(value) => form.setFieldValue('schedule', value === 'weekly' ? 'weekly' : 'daily')}
              data-testid="tracker-schedule"
            />
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {values.schedule === 'weekly' && (
              <Select
                label={t('dialog.weekday')}
                data={WEEKDAYS.map((day) => ({
                  value: String(day),
                  label: capitalized(t(`weekdays.${day}`), locale),
                }))}
                {...numberSelect('weekday')}
                data-testid="tracker-weekday"
              />
            )}
            <Select
              label={t('dialog.hour')}
              description={t('dialog.hourHint')}
              data={HOURS.map((hour) => ({ value: String(hour), label: atHour(hour, 'en') }))}
              {...numberSelect('hour')}
              data-testid="tracker-hour"
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed" data-testid="tracker-schedule-text">
            {scheduleText(values, t, locale)}
          </Text>
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('dialog.alerts')}
            </Text>
            <Switch
              label={t('dialog.alertEmail')}
              {...form.getInputProps('alerts.email', { type: 'checkbox' })}
              data-testid="tracker-alert-email"
            />
            <Switch
              label={t('dialog.alertWebhook')}
              {...form.getInputProps('alerts.webhook', { type: 'checkbox' })}
              data-testid="tracker-alert-webhook"
            />
            <Switch
              label={t('dialog.alertTelegram')}
              {...form.getInputProps('alerts.telegram', { type: 'checkbox' })}
              data-testid="tracker-alert-telegram"
            />
            <Text size="xs" c="dimmed" data-testid="tracker-alerts-hint">
              {t('dialog.alertsHint')}{' '}
              <LocaleLink to="/account" onClick={onClose}>
                {t('dialog.accountLink')}
              </LocaleLink>
            </Text>
          </Stack>
          {error && (
            <Alert color="red" style={{ whiteSpace: 'pre-line' }} data-testid="tracker-error">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('dialog.close')}
            </Button>
            <Button
              type="submit"
              loading={creating.isLoading || updating.isLoading}
              data-testid="tracker-submit"
            >
              {t(editing ? 'dialog.save' : 'dialog.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
