import { Alert, Paper, SimpleGrid, Skeleton, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCountersQuery } from '../api/adminApi';
import { COUNTER_KEYS } from '../model';

/**
 * The counters of the admin home (product spec part 2, and issue 18's tracked-store scans), each with
 * its definition as a tooltip.
 */
export function CountersGrid() {
  const { t, i18n } = useTranslation('admin');
  const counters = useCountersQuery();
  if (counters.isError)
    return (
      <Alert color="red" mb="lg" data-testid="counters-error">
        {t('counters.failed')}
      </Alert>
    );
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm" mb="lg" data-testid="counters">
      {COUNTER_KEYS.map((key) => (
        <Tooltip key={key} label={t(`counters.${key}.hint`)} multiline w={260} withArrow>
          <Paper withBorder p="sm" radius="md" data-testid={`counter-${key}`}>
            <Text size="xs" c="dimmed" lh={1.3} mih={32}>
              {t(`counters.${key}.label`)}
            </Text>
            {counters.data ? (
              <Text fw={700} size="xl" data-testid={`counter-${key}-value`}>
                {new Intl.NumberFormat(i18n.language === 'en' ? 'en-US' : 'tr-TR').format(
                  counters.data[key] ?? 0,
                )}
              </Text>
            ) : (
              <Skeleton h={28} mt={4} />
            )}
          </Paper>
        </Tooltip>
      ))}
    </SimpleGrid>
  );
}
