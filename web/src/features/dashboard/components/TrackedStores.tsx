import { Button, Group, Paper, Text } from '@mantine/core';
import { IconEye, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../app/locale';
import { useListTrackersQuery } from '../../../app/trackersApi';

/**
 * The dashboard's way into store tracking (issue 18): how many stores are tracked, a link to them and
 * "Track a store" (the trackers page's add dialog). Until the list answers, only the buttons show.
 */
export function TrackedStores() {
  const { t } = useTranslation('dashboard');
  const { data } = useListTrackersQuery();
  return (
    <Paper
      withBorder
      p="sm"
      mb="md"
      component="section"
      aria-label={t('tracked.title')}
      data-testid="tracked-stores"
    >
      <Group justify="space-between" gap="xs">
        <div>
          <Text fw={600} size="sm">
            {t('tracked.title')}
          </Text>
          {data && (
            <Text size="sm" c="dimmed" data-testid="tracked-stores-count">
              {data.length > 0 ? t('tracked.count', { count: data.length }) : t('tracked.none')}
            </Text>
          )}
        </div>
        <Group gap="xs">
          {!!data?.length && (
            <Button
              component={LocaleLink}
              to="/trackers"
              variant="default"
              size="xs"
              leftSection={<IconEye size={14} />}
            >
              {t('tracked.open')}
            </Button>
          )}
          <Button
            component={LocaleLink}
            to="/trackers?add=1"
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            data-testid="tracked-stores-add"
          >
            {t('tracked.add')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
