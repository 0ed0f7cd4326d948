import { Progress, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/locale';
import type { Todo } from '../model';
import { useDuration } from '../useDuration';
import { useTimeLeft } from '../useTimeLeft';

/**
 * The progress line of a running scan: pages, ASINs found of what the store shows, ETA and the
 * share done; for an ASIN check, the ASINs checked of the list and how many are sold there.
 */
function progressLine(
  todo: Todo,
  t: TFunction<'dashboard'>,
  duration: (seconds: number) => string,
  locale: string,
): string {
  const p = todo.progress;
  if (!p) return '';
  const n = (v: number) => v.toLocaleString(locale);
  const parts =
    todo.searchType === 'asinCheck'
      ? [
          t('card.checked', {
            checked: n(p.pagesFetched),
            total: n(p.reportedTotal ?? todo.asinListSize ?? 0),
          }),
          t('card.sold', { count: p.asinsFound }),
        ]
      : [
          t('card.pages', { count: p.pagesFetched }),
          [
            t('card.found', { count: p.asinsFound }),
            p.reportedTotal
              ? t(p.reportedTotalIsLowerBound ? 'card.reportedOver' : 'card.reported', {
                  count: n(p.reportedTotal),
                })
              : '',
          ]
            .filter(Boolean)
            .join(' '),
        ];
  if (p.etaSeconds != null) parts.push(t('card.eta', { time: duration(p.etaSeconds) }));
  if (p.percent != null) parts.push(`${Math.round(p.percent)}%`);
  return parts.join(' · ');
}

/** The bar and the progress line of a running scan (an indeterminate bar until a share is known). */
export function TodoProgress({ todo, testId }: { todo: Todo; testId: string }) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const duration = useDuration();
  const progress = todo.progress;
  // The time left moves with the work done on this card (useTimeLeft), not only the server's guess.
  const timeLeft = useTimeLeft(progress);
  return (
    <Stack gap={2} data-testid={`${testId}-progress`}>
      <Progress
        data-testid={`${testId}-bar`}
        data-value={progress?.percent ?? ''}
        value={progress?.percent ?? 0}
        animated={progress?.percent == null}
        striped={progress?.percent == null}
        aria-label={t(`statuses.${todo.status}`)}
      />
      {progress && (
        <Text size="xs" c="dimmed" data-testid={`${testId}-progress-text`}>
          {progressLine({ ...todo, progress: { ...progress, etaSeconds: timeLeft } }, t, duration, locale)}
        </Text>
      )}
    </Stack>
  );
}
