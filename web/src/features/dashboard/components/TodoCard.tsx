import { Suspense, useState } from 'react';
import { ActionIcon, Anchor, Badge, Button, Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useDraggable } from '@dnd-kit/core';
import { IconGripVertical, IconTable } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TOAST_AUTO_CLOSE_MS } from '../../../app/api';
import { useLocale } from '../../../app/locale';
import { formatDate } from '../../../lib/date';
import { lazyNamed } from '../../../lib/lazy';
import { useApiErrorText } from '../../../lib/useApiErrorText';
import { useChangeStatusMutation, useDeleteTodoMutation, useRerunMutation } from '../api/dashboardApi';
import { isRunning, waitOf, type Todo, type TodoStatus } from '../model';
import { useDuration } from '../useDuration';
import { coverageText } from '../coverage';
import { ConfirmModal } from './ConfirmModal';
import { TodoCardMenu } from './TodoCardMenu';
import { TodoProgress } from './TodoProgress';
import { useTodoDownload } from '../useTodoDownload';

// The ASIN check's table loads when it is opened.
const AsinCheckTable = lazyNamed(() => import('./AsinCheckTable'), 'AsinCheckTable');

const STATUS_COLORS: Record<TodoStatus, string> = {
  PENDING: 'gray',
  PROCESSING: 'blue',
  COMPLETED: 'green',
  COMPLETED_PARTIAL: 'teal',
  CANCELED: 'orange',
  FAILED: 'red',
};

const notify = (message: string, color: 'green' | 'red') =>
  notifications.show({ color, message, autoClose: TOAST_AUTO_CLOSE_MS, style: { whiteSpace: 'pre-line' } });

/** One scan of a column: what it is, how far it got, and what can be done with it. */
export function TodoCard({
  todo,
  selected,
  onSelect,
}: {
  todo: Todo;
  selected: boolean;
  onSelect: (todo: Todo, selected: boolean) => void;
}) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const duration = useDuration();
  const errorText = useApiErrorText('dashboard');
  const [confirm, setConfirm] = useState<'delete' | 'rerun' | null>(null);
  const [table, setTable] = useState(false);
  const { downloading, download } = useTodoDownload(todo);
  const [deleteTodo, deleting] = useDeleteTodoMutation();
  const [rerun, rerunning] = useRerunMutation();
  const [changeStatus] = useChangeStatusMutation();
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: todo.id,
    data: { todo },
  });
  const running = isRunning(todo);
  const check = todo.searchType === 'asinCheck';
  const testId = `todo-${todo.id}`;

  const remove = async () => {
    try {
      await deleteTodo(todo.id).unwrap();
      notify(t('messages.deleted'), 'green');
      onSelect(todo, false);
      setConfirm(null);
    } catch {
      // The app's error catalogue shows the failure.
    }
  };

  const runAgain = async () => {
    try {
      await rerun(todo.id).unwrap();
      notify(t('messages.created'), 'green');
      setConfirm(null);
    } catch (error) {
      const wait = waitOf(error);
      const text = errorText(error);
      notify(wait !== undefined ? `${text}\n${t('wait', { time: duration(wait) })}` : text, 'red');
    }
  };

  const setStatus = async (status: 'CANCELED' | 'PENDING') => {
    try {
      await changeStatus({ id: todo.id, status }).unwrap();
      notify(t('messages.saved'), 'green');
    } catch {
      // The app's error catalogue shows the failure.
    }
  };

  const date = (value: string | null) => formatDate(value, locale);
  const coverage = coverageText(todo, t, locale);

  return (
    <Card
      ref={setNodeRef}
      withBorder
      padding="sm"
      data-testid={testId}
      style={{
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        opacity: isDragging ? 0.6 : 1,
        zIndex: isDragging ? 10 : undefined,
        position: 'relative',
      }}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={t('card.drag', { name: todo.fileName })}
              style={{ cursor: 'grab', touchAction: 'none' }}
              {...listeners}
              {...attributes}
              data-testid={`${testId}-drag`}
            >
              <IconGripVertical size={16} />
            </ActionIcon>
            <Checkbox
              size="xs"
              checked={selected}
              onChange={(event) => onSelect(todo, event.currentTarget.checked)}
              aria-label={t('card.select', { name: todo.fileName })}
              data-testid={`${testId}-select`}
            />
            <Text fw={600} truncate title={todo.fileName} data-testid={`${testId}-name`}>
              {todo.fileName}
            </Text>
          </Group>
          <TodoCardMenu
            todo={todo}
            testId={testId}
            downloading={downloading}
            onDownload={(format) => void download(format)}
            onConfirm={setConfirm}
            onSetStatus={(status) => void setStatus(status)}
          />
        </Group>

        <Group gap={6}>
          <Badge color={STATUS_COLORS[todo.status]} variant="light" data-testid={`${testId}-status`}>
            {t(`statuses.${todo.status}`)}
          </Badge>
          <Badge color="gray" variant="outline">
            {t(`types.${todo.searchType}`)}
          </Badge>
          <Badge color="gray" variant="outline" title={t('card.market')}>
            {todo.market}
          </Badge>
          <Text size="sm" c="dimmed" data-testid={`${testId}-count`}>
            {t('card.asins', { count: todo.asinCount })}
          </Text>
        </Group>

        {check && todo.asinListSize != null && (
          <Text size="sm" c="dimmed" data-testid={`${testId}-to-check`}>
            {t('card.toCheck', { count: todo.asinListSize })}
          </Text>
        )}
        {todo.storeUrl && (
          <Anchor
            href={todo.storeUrl}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            truncate
            title={todo.storeUrl}
          >
            {todo.storeUrl}
          </Anchor>
        )}
        {todo.userEmail && (
          <Text size="xs" c="dimmed">
            {t('card.owner')}: {todo.userEmail}
          </Text>
        )}

        {running && <TodoProgress todo={todo} testId={testId} />}

        {coverage && (
          <Text size="xs" data-testid={`${testId}-coverage`}>
            {coverage}
          </Text>
        )}
        {todo.status === 'FAILED' && (todo.failureCode || todo.failureReason) && (
          <Text size="xs" c="red" data-testid={`${testId}-reason`}>
            {t('card.reason')}:{' '}
            {todo.failureCode
              ? t(`common:scanFailures.${todo.failureCode}`, { defaultValue: todo.failureReason ?? '' })
              : todo.failureReason}
          </Text>
        )}

        {check && (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconTable size={14} />}
            onClick={() => setTable(true)}
            data-testid={`${testId}-table`}
          >
            {t('card.showTable')}
          </Button>
        )}

        <Text size="xs" c="dimmed">
          {t('card.searchDate')}: {date(todo.searchDate)}
          {todo.searchCompleteDate && ` · ${t('card.completeDate')}: ${date(todo.searchCompleteDate)}`}
          {todo.searchCancelDate && ` · ${t('card.cancelDate')}: ${date(todo.searchCancelDate)}`}
        </Text>
      </Stack>

      {table && (
        <Suspense fallback={null}>
          <AsinCheckTable todo={todo} onClose={() => setTable(false)} />
        </Suspense>
      )}
      <ConfirmModal
        opened={confirm === 'delete'}
        title={t('confirm.deleteTitle')}
        text={t('confirm.deleteText', { name: todo.fileName })}
        confirmLabel={t('confirm.delete')}
        color="red"
        busy={deleting.isLoading}
        onConfirm={() => void remove()}
        onClose={() => setConfirm(null)}
        testId={`${testId}-confirm-delete`}
      />
      <ConfirmModal
        opened={confirm === 'rerun'}
        title={t('confirm.rerunTitle')}
        text={t('confirm.rerunText', { name: todo.fileName })}
        confirmLabel={t('confirm.rerun')}
        busy={rerunning.isLoading}
        onConfirm={() => void runAgain()}
        onClose={() => setConfirm(null)}
        testId={`${testId}-confirm-rerun`}
      />
    </Card>
  );
}
