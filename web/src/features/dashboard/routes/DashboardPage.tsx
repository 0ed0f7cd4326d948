import { useCallback, useMemo } from 'react';
import { Alert, Button } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { SOLD_MARKET_CODES } from '@shelfscan/markets';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../app/locale';
import { PageShell } from '../../../app/layouts/PageShell';
import { useGetSearchQuotaQuery } from '../../../app/searchQuotaApi';
import { BatchCards } from '../components/BatchCards';
import { Board } from '../components/Board';
import { CreateScan } from '../components/CreateScan';
import { FiltersBar } from '../components/FiltersBar';
import { QuotaPanel } from '../components/QuotaPanel';
import { TrackedStores } from '../components/TrackedStores';
import { FILTER_KEYS, filtersFromQuery, type Filters } from '../model';

/**
 * The search page (product spec part 2): the scans by state with filters (kept in the URL query),
 * pagination, drag and drop, bulk moves, the create dialogs and the quota.
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const [query, setQuery] = useSearchParams();
  const quota = useGetSearchQuotaQuery();
  const queryText = query.toString();
  const filters = useMemo(
    () => filtersFromQuery(new URLSearchParams(queryText), SOLD_MARKET_CODES),
    [queryText],
  );
  const filterKey = FILTER_KEYS.map((key) => filters[key] ?? '').join('|');
  const filtered = filterKey.replace(/\|/g, '') !== '';

  const setFilter = useCallback(
    (key: keyof Filters, value: string | null) =>
      setQuery(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(key, value);
          else next.delete(key);
          return next;
        },
        { replace: true },
      ),
    [setQuery],
  );
  const clearFilters = useCallback(
    () =>
      setQuery(
        (current) => {
          const next = new URLSearchParams(current);
          for (const key of FILTER_KEYS) next.delete(key);
          return next;
        },
        { replace: true },
      ),
    [setQuery],
  );

  const plans = quota.data?.plans;
  const noPlan = !!plans && !plans.standard && !plans.deep && !plans.functional;

  return (
    <PageShell
      title={t('title')}
      description={t('description')}
      size="xl"
      actions={<CreateScan quota={quota.data} />}
    >
      {noPlan && (
        <Alert
          icon={<IconInfoCircle size={18} />}
          title={t('noPlan.title')}
          mb="md"
          data-testid="dashboard-no-plan"
        >
          {t('noPlan.text')}
          <div>
            <Button
              component={LocaleLink}
              to="/payment"
              variant="light"
              mt="sm"
              data-testid="dashboard-buy-plan"
            >
              {t('noPlan.link')}
            </Button>
          </div>
        </Alert>
      )}
      {quota.data && !noPlan && <QuotaPanel quota={quota.data} />}
      <TrackedStores />
      <FiltersBar filters={filters} markets={SOLD_MARKET_CODES} onChange={setFilter} onClear={clearFilters} />
      <BatchCards />
      {/* New filters start every column again on its first page. */}
      <Board key={filterKey} filters={filters} filtered={filtered} />
    </PageShell>
  );
}
