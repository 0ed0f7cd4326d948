import { useState } from 'react';
import { Alert, Anchor, Badge, Group, Pagination, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { marketByCode } from '@shelfscan/markets';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../app/locale';
import { formatIstanbul } from '../../../lib/date';
import { useTrackerAsinsQuery } from '../api/trackersApi';
import { ASIN_FILTERS, ASIN_PAGE_SIZE, type AsinFilter, type Tracker } from '../model';

/** What an empty list says, with what comes next: before any ASIN was seen, or none removed yet. */
function emptyText(tracker: Tracker, filter: AsinFilter) {
  if (tracker.ever === 0) return tracker.running ? 'asins.emptyRunning' : 'asins.emptyFirstRun';
  return filter === 'removed' ? 'asins.emptyRemoved' : 'asins.empty';
}

/** The ASINs a tracker has seen: present now, removed, or all; first and last seen; paged by 20. */
export function AsinsTable({ tracker }: { tracker: Tracker }) {
  const { t } = useTranslation('trackers');
  const locale = useLocale();
  const [filter, setFilter] = useState<AsinFilter>('present');
  const [page, setPage] = useState(1);
  const asins = useTrackerAsinsQuery({ id: tracker.id, page: page - 1, filter });
  const domain = marketByCode(tracker.market)?.domain;
  const total = asins.data?.total ?? 0;
  const pages = Math.ceil(total / ASIN_PAGE_SIZE);
  const date = (value: string) => formatIstanbul(value, locale);

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <SegmentedControl
          aria-label={t('asins.filter')}
          value={filter}
          onChange={(value) => {
            setFilter(value as AsinFilter);
            setPage(1);
          }}
          data={ASIN_FILTERS.map((value) => ({ value, label: t(`asins.${value}`) }))}
          data-testid="asins-filter"
        />
        <Text size="sm" c="dimmed" data-testid="asins-total">
          {t('asins.total', { count: total })}
        </Text>
      </Group>
      {asins.isError ? (
        <Alert color="red">{t('loadFailed')}</Alert>
      ) : asins.data && asins.data.items.length === 0 ? (
        <Text c="dimmed" data-testid="asins-empty">
          {t(emptyText(tracker, filter))}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs" data-testid="asins-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('asins.asin')}</Table.Th>
                <Table.Th>{t('asins.titleColumn')}</Table.Th>
                <Table.Th>{t('asins.firstSeen')}</Table.Th>
                <Table.Th>{t('asins.lastSeen')}</Table.Th>
                <Table.Th>{t('asins.state')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(asins.data?.items ?? []).map((row) => (
                <Table.Tr key={row.asin} data-testid={`asin-${row.asin}`}>
                  <Table.Td>
                    {domain ? (
                      <Anchor
                        href={`https://www.${domain}/dp/${row.asin}`}
                        target="_blank"
                        rel="noopener noreferrer"
                      >
                        {row.asin}
                      </Anchor>
                    ) : (
                      row.asin
                    )}
                  </Table.Td>
                  {/* The marketplace's own text: not ours to translate. */}
                  <Table.Td translate="no">{row.title ?? '—'}</Table.Td>
                  <Table.Td>{date(row.firstSeen)}</Table.Td>
                  <Table.Td>{date(row.lastSeen)}</Table.Td>
                  <Table.Td>
                    <Badge color={row.present ? 'green' : 'gray'} variant="light">
                      {t(row.present ? 'asins.present' : 'asins.removed')}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && (
        <Pagination total={pages} value={page} onChange={setPage} size="sm" data-testid="asins-pages" />
      )}
    </Stack>
  );
}
