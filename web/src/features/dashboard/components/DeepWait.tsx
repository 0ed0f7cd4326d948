import { Alert, Loader, Text } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useDebouncedValue } from '@mantine/hooks';
import { IconClock } from '@tabler/icons-react';
import { storeLinkProblem, type Market } from '@shelfscan/validation';
import { useTranslation } from 'react-i18next';
import { readApiError } from '../../../lib/errors';
import { useApiErrorText } from '../../../lib/useApiErrorText';
import { useEstimateScanQuery } from '../api/dashboardApi';
import { DEEP_WAIT_MINUTES, type EstimateArgs } from '../model';
import { useDuration } from '../useDuration';

/** Changes to the form wait this long before the store is probed (typing a link). */
const DEBOUNCE_MS = 700;

/**
 * The wait before a deep scan of this store ends, before it starts: the engine's estimate for the
 * store (it reads the store's first page: its count, then its pages at the scraper's pace; a store
 * that shows only "over 1,000" is counted by its price ranges, and the text says so). While
 * the form does not name a store yet, or when the store cannot be probed, the product's general
 * wait is shown.
 */
export function DeepWait({
  storeUrl,
  market,
  categories,
  keyword,
}: {
  storeUrl: string;
  market: string;
  categories: string[];
  keyword: string;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const duration = useDuration();
  const args: EstimateArgs | null =
    // Only a store of the chosen market is probed (the shared store-link rule of the form).
    market && storeUrl.trim() && storeLinkProblem(storeUrl.trim(), market) === null
      ? {
          searchType: 'deep',
          storeUrl: storeUrl.trim(),
          market: market as Market,
          keyword: keyword.trim() || undefined,
          categories: categories.length ? categories : undefined,
        }
      : null;
  const [debounced] = useDebouncedValue(args ? JSON.stringify(args) : '', DEBOUNCE_MS);
  const estimate = useEstimateScanQuery(debounced ? (JSON.parse(debounced) as EstimateArgs) : skipToken);
  const errorText = useApiErrorText('dashboard');
  // Refused rather than unknown (issue 20): no plan for the scan type (403), or the hour's estimates used up (429).
  const refused = estimate.isError && [403, 429].includes(readApiError(estimate.error).status ?? 0);
  const eta = !estimate.isFetching ? estimate.data?.etaSeconds : undefined;
  const count = estimate.data?.reportedTotal;
  const number = (n: number) => n.toLocaleString(i18n.language);

  const counted = estimate.data?.counted;
  const max = estimate.data?.max;

  // Counted to at least the list limit already: the scan stops there, so the wait has no range.
  const countedToLimit = !!counted?.lowerBound && !!max && max.pages <= estimate.data!.pages;

  let text: string;
  if (estimate.isFetching) text = t('create.deepWaitEstimating');
  else if (eta !== undefined && eta !== null && count && counted && countedToLimit)
    text = t('create.deepWaitStoreCountedLimit', {
      time: duration(eta),
      pages: number(estimate.data!.pages),
      shown: number(count),
      count: number(counted.total),
    });
  else if (eta !== undefined && eta !== null && count && counted && (!counted.lowerBound || max))
    // "Over 1,000": what Amazon shows, then what counting its price ranges found (and whether it finished).
    text = t(counted.lowerBound ? 'create.deepWaitStoreCountedRange' : 'create.deepWaitStoreCounted', {
      time: duration(eta),
      maxTime: max ? duration(max.etaSeconds) : '',
      pages: number(estimate.data!.pages),
      maxPages: max ? number(max.pages) : '',
      shown: number(count),
      count: number(counted.total),
    });
  else if (eta !== undefined && eta !== null && estimate.data?.max && count)
    text = t('create.deepWaitStoreRange', {
      time: duration(eta),
      maxTime: duration(estimate.data.max.etaSeconds),
      pages: number(estimate.data.pages),
      maxPages: number(estimate.data.max.pages),
      count: number(count),
    });
  else if (eta !== undefined && eta !== null)
    text = t(count ? 'create.deepWaitStore' : 'create.deepWaitStoreNoCount', {
      time: duration(eta),
      pages: number(estimate.data!.pages),
      count: !count
        ? ''
        : estimate.data!.reportedTotalIsLowerBound
          ? t('create.countOver', { count: number(count) })
          : number(count),
    });
  else if (debounced && refused)
    text = t('create.deepWaitRefused', { reason: errorText(estimate.error), minutes: DEEP_WAIT_MINUTES });
  else if (debounced && (estimate.isError || estimate.data))
    text = t('create.deepWaitUnknown', { minutes: DEEP_WAIT_MINUTES });
  else text = t('create.deepWaitDefault', { minutes: DEEP_WAIT_MINUTES });

  return (
    <Alert
      icon={estimate.isFetching ? <Loader size={14} /> : <IconClock size={16} />}
      color={refused ? 'yellow' : 'blue'}
      data-testid="deep-wait"
      data-estimate={eta ?? ''}
    >
      <Text size="sm">{text}</Text>
    </Alert>
  );
}
