import { useState } from 'react';
import { Alert, Anchor, Badge, Group, Loader, Modal, Pagination, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { marketByCode } from '@shelfscan/markets';
import { useAsinCheckRowsQuery } from '../api/dashboardApi';
import { CHECK_PAGE_SIZE, isRunning, POLL_MS, type AsinCheckRow, type Todo } from '../model';

const STATE_COLORS: Record<AsinCheckRow['state'], string> = {
  sold: 'green',
  unavailable: 'orange',
  'not-found': 'gray',
};

/**
 * An ASIN check's table: per ASIN, whether the market sells it, its title, price, stars and
 * badges; paged by 20, fetched again every second while the check runs.
 */
export function AsinCheckTable({ todo, onClose }: { todo: Todo; onClose: () => void }) {
  const { t, i18n } = useTranslation('dashboard');
  const [page, setPage] = useState(1);
  const running = isRunning(todo);
  const rows = useAsinCheckRowsQuery(
    { id: todo.id, page: page - 1 },
    { pollingInterval: running ? POLL_MS : 0 },
  );
  const domain = marketByCode(todo.market)?.domain;
  const number = (n: number, digits = 0) =>
    n.toLocaleString(i18n.language, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const total = rows.data?.total ?? 0;
  const testId = `check-table-${todo.id}`;

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('table.title', { name: todo.fileName })}
      size="xl"
      data-testid={testId}
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Text size="sm" c="dimmed" data-testid={`${testId}-summary`}>
            {running
              ? t('table.running', { checked: total, total: todo.asinListSize ?? total })
              : t('table.total', { count: total })}
          </Text>
          {rows.isFetching && <Loader size="xs" />}
        </Group>
        {rows.isError && <Alert color="red">{t('table.loadError')}</Alert>}
        {rows.data && rows.data.rows.length === 0 && <Text c="dimmed">{t('table.empty')}</Text>}
        {rows.data && rows.data.rows.length > 0 && (
          <Table striped highlightOnHover data-testid={`${testId}-rows`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('table.asin')}</Table.Th>
                <Table.Th>{t('table.state')}</Table.Th>
                <Table.Th>{t('table.product')}</Table.Th>
                <Table.Th>{t('table.price')}</Table.Th>
                <Table.Th>{t('table.stars')}</Table.Th>
                <Table.Th>{t('table.badges')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.data.rows.map((r) => (
                <Table.Tr key={r.asin} data-testid={`${testId}-row-${r.asin}`}>
                  <Table.Td>
                    {domain ? (
                      <Anchor
                        href={`https://www.${domain}/dp/${r.asin}`}
                        target="_blank"
                        rel="noopener noreferrer"
                        title={t('table.open')}
                        ff="monospace"
                      >
                        {r.asin}
                      </Anchor>
                    ) : (
                      <Text ff="monospace">{r.asin}</Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge
                      color={STATE_COLORS[r.state]}
                      variant="light"
                      data-testid={`${testId}-state-${r.asin}`}
                    >
                      {t(`table.states.${r.state}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2} title={r.title ?? undefined} translate="no">
                      {r.title ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>{r.priceText ?? '—'}</Table.Td>
                  <Table.Td>
                    {r.stars === null ? (
                      '—'
                    ) : (
                      <Text size="sm">
                        {number(r.stars, 1)} ★
                        {r.reviewCount !== null && (
                          <Text span size="xs" c="dimmed">
                            {' '}
                            ({t('table.ratings', { count: r.reviewCount, formatted: number(r.reviewCount) })})
                          </Text>
                        )}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {r.amazonsChoice && (
                        <Badge size="sm" color="dark">
                          {t('table.amazonsChoice')}
                        </Badge>
                      )}
                      {r.bestSeller && (
                        <Badge size="sm" color="orange">
                          {t('table.bestSeller')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {total > CHECK_PAGE_SIZE && (
          <Pagination
            total={Math.ceil(total / CHECK_PAGE_SIZE)}
            value={page}
            onChange={setPage}
            aria-label={t('table.pages')}
            data-testid={`${testId}-pages`}
          />
        )}
      </Stack>
    </Modal>
  );
}
