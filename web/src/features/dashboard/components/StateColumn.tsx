import { useEffect, useRef, useState } from 'react';
import { Badge, Center, Group, Loader, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { useDroppable } from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import { dashboardApi, useListTodosQuery } from '../api/dashboardApi';
import { isRunning, PAGE_SIZE, POLL_MS, type Filters, type Todo, type TodoState } from '../model';
import { TodoCard } from './TodoCard';

/**
 * One dashboard column: the scans of a state, a page at a time (total from `x-total-count`), a drop
 * target for dragged scans. While one of its shown scans is PENDING or PROCESSING the page is
 * fetched again every POLL_MS; polling stops once none runs. When a scan that was running here
 * stops running (it finished, or moved on to another column), every column is fetched again, so
 * the scan shows where its new status puts it.
 */
export function StateColumn({
  state,
  filters,
  filtered,
  selected,
  onSelect,
  showTitle = true,
}: {
  state: TodoState;
  filters: Filters;
  filtered: boolean;
  selected: ReadonlySet<string>;
  onSelect: (todo: Todo, selected: boolean) => void;
  showTitle?: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const [page, setPage] = useState(0);
  const args = { ...filters, state, page };
  const { data: shown } = dashboardApi.endpoints.listTodos.useQueryState(args);
  const polling = !!shown?.items.some(isRunning);
  const { data, isLoading, isError } = useListTodosQuery(args, { pollingInterval: polling ? POLL_MS : 0 });
  const dispatch = useAppDispatch();
  const runningIds = (data?.items ?? [])
    .filter(isRunning)
    .map((todo) => todo.id)
    .join(',');
  const wasRunning = useRef(runningIds);
  useEffect(() => {
    const before = wasRunning.current.split(',').filter(Boolean);
    wasRunning.current = runningIds;
    const now = new Set(runningIds.split(','));
    if (before.some((id) => !now.has(id))) dispatch(dashboardApi.util.invalidateTags(['SearchInfo']));
  }, [runningIds, dispatch]);
  const { setNodeRef, isOver } = useDroppable({ id: state });
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const testId = `column-${state}`;

  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="sm"
      radius="md"
      bg={isOver ? 'var(--mantine-color-blue-light)' : undefined}
      data-testid={testId}
      data-polling={polling ? 'true' : 'false'}
      style={{ minHeight: 200 }}
    >
      <Stack gap="sm">
        <Group justify="space-between">
          {showTitle && (
            <Title order={2} size="h5">
              {t(`states.${state}`)}
            </Title>
          )}
          <Badge
            variant="light"
            color="gray"
            data-testid={`${testId}-total`}
            title={t('total', { count: total })}
          >
            {total}
          </Badge>
        </Group>
        {isLoading && (
          <Center py="md">
            <Loader size="sm" />
          </Center>
        )}
        {!isLoading && !isError && data?.items.length === 0 && (
          <Text size="sm" c="dimmed" data-testid={`${testId}-empty`}>
            {filtered ? t('empty.filtered') : t(`empty.${state}`)}
          </Text>
        )}
        {data?.items.map((todo) => (
          <TodoCard key={todo.id} todo={todo} selected={selected.has(todo.id)} onSelect={onSelect} />
        ))}
        {pages > 1 && (
          <Pagination
            size="sm"
            total={pages}
            value={page + 1}
            onChange={(value) => setPage(value - 1)}
            aria-label={t('pagination', { state: t(`states.${state}`) })}
            data-testid={`${testId}-pages`}
          />
        )}
      </Stack>
    </Paper>
  );
}
