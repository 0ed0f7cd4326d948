import { useState } from 'react';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { MARKETS } from '@shelfscan/validation';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../app/DayInput';
import { useAdminScansQuery } from '../api/adminApi';
import { Empty } from '../components/Empty';
import { isEmail, useFilterText } from '../useFilterText';
import { useUrlQuery } from '../useUrlQuery';
import { Pager } from '../components/Pager';
import { ScansTable } from '../components/ScansTable';
import { SEARCH_TYPES, TODO_STATUSES, filtersFromQuery, isRunning } from '../../dashboard/model';
import { SCAN_FILTER_KEYS, type ScanFilters } from '../model';

/** How often the shown page is fetched again while one of its scans is pending or running. */
const POLL_MS = 3000;

/** The filters a URL query holds (unknown values left out): the dashboard's rules, and a whole email. */
function filtersOf(query: URLSearchParams): ScanFilters {
  const userEmail = query.get('userEmail')?.trim();
  // The search service matches a user by the whole email (the gateway refuses a part of one).
  return {
    ...filtersFromQuery(query, MARKETS),
    userEmail: userEmail && isEmail(userEmail) ? userEmail : undefined,
  };
}

/**
 * `/admin/search-urls`: every user's scans, newest first, filtered by user, type, status, market,
 * text and dates (kept in the URL query), paged, with the admin status change.
 */
export function SearchUrlsPage() {
  const { t } = useTranslation('admin');
  const { query, page, set, setPage } = useUrlQuery();
  const filters = filtersOf(query);
  const [running, setRunning] = useState(false);
  const scans = useAdminScansQuery({ ...filters, page }, { pollingInterval: running ? POLL_MS : 0 });
  const items = scans.data?.items ?? [];
  const anyRunning = items.some(isRunning);
  if (anyRunning !== running) setRunning(anyRunning);

  const filtered = Object.values(filters).some(Boolean);

  return (
    <>
      <ScanFiltersBar
        filters={filters}
        onChange={(key, value) => set({ [key]: value })}
        onClear={() => set(Object.fromEntries(SCAN_FILTER_KEYS.map((key) => [key, null])))}
      />
      {scans.data && items.length === 0 ? (
        <Empty title={filtered ? t('scans.noMatch') : t('scans.none')} testId="scans-empty">
          {filtered ? t('scans.noMatchHint') : t('scans.noneHint')}
        </Empty>
      ) : (
        <ScansTable scans={items} />
      )}
      {scans.data && <Pager page={page} total={scans.data.total} onChange={setPage} testId="scans-pager" />}
    </>
  );
}

function ScanFiltersBar({
  filters,
  onChange,
  onClear,
}: {
  filters: ScanFilters;
  onChange: (key: (typeof SCAN_FILTER_KEYS)[number], value: string | null) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('admin');
  // One wait per box: typing in one does not drop the other's pending change.
  const texts = {
    userEmail: useFilterText(filters.userEmail ?? '', (value) => onChange('userEmail', value)),
    q: useFilterText(filters.q ?? '', (value) => onChange('q', value)),
  };
  const text = (key: 'userEmail' | 'q', label: string, w: number) => (
    <TextInput
      label={label}
      leftSection={<IconSearch size={14} />}
      value={texts[key].value}
      error={
        key === 'userEmail' && texts.userEmail.value.trim() && !isEmail(texts.userEmail.value)
          ? t('scans.filters.userEmailWhole')
          : undefined
      }
      onChange={texts[key].onChange}
      w={w}
      data-testid={`scans-filter-${key}`}
    />
  );
  const select = (key: 'type' | 'status' | 'market', data: { value: string; label: string }[], w: number) => (
    <Select
      label={t(`scans.filters.${key}`)}
      data={data}
      value={filters[key] ?? null}
      onChange={(value) => onChange(key, value)}
      clearable
      w={w}
      data-testid={`scans-filter-${key}`}
    />
  );
  const date = (key: 'from' | 'to') => (
    <DayInput
      label={t(`scans.filters.${key}`)}
      value={filters[key] ?? ''}
      onChange={(day) => onChange(key, day || null)}
      clearable
      data-testid={`scans-filter-${key}`}
    />
  );
  return (
    <Group align="flex-end" gap="sm" mb="md" data-testid="scans-filters">
      {text('userEmail', t('scans.filters.userEmail'), 220)}
      {select(
        'type',
        SEARCH_TYPES.map((value) => ({ value, label: t(`types.${value}`) })),
        140,
      )}
      {select(
        'status',
        TODO_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) })),
        170,
      )}
      {select(
        'market',
        MARKETS.map((value) => ({ value, label: value })),
        100,
      )}
      {text('q', t('scans.filters.q'), 200)}
      {date('from')}
      {date('to')}
      {Object.values(filters).some(Boolean) && (
        <Button
          variant="subtle"
          leftSection={<IconFilterOff size={14} />}
          onClick={() => {
            texts.userEmail.reset();
            texts.q.reset();
            onClear();
          }}
        >
          {t('scans.filters.clear')}
        </Button>
      )}
    </Group>
  );
}
