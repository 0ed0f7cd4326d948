import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Card, Checkbox, Group, Menu, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useDraggable } from '@dnd-kit/core';
import {
  IconDots,
  IconDownload,
  IconGripVertical,
  IconPlayerStop,
  IconRefresh,
  IconRepeat,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentToken, TOAST_AUTO_CLOSE_MS } from '../../../app/api';
import { useAppSelector } from '../../../app/hooks';
import { useLocale } from '../../../app/locale';
import { useSession } from '../../../app/useSession';
import { formatDate } from '../../../lib/date';
import { useApiErrorText } from '../../../lib/useApiErrorText';
import { useChangeStatusMutation, useDeleteTodoMutation, useRerunMutation } from '../api/dashboardApi';
import { fetchDownload, saveBlob, type DownloadFormat } from '../download';
import { isRunning, waitOf, type Todo, type TodoStatus } from '../model';
import { useDuration } from '../useDuration';
import { ConfirmModal } from './ConfirmModal';

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
  const { admin } = useSession();
  const token = useAppSelector(currentToken);
  const errorText = useApiErrorText('dashboard');
  const [confirm, setConfirm] = useState<'delete' | 'rerun' | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [deleteTodo, deleting] = useDeleteTodoMutation();
  const [rerun, rerunning] = useRerunMutation();
  const [changeStatus] = useChangeStatusMutation();
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: todo.id,
    data: { todo },
  });
  const running = isRunning(todo);
  const progress = running ? todo.progress : null;
  const testId = `todo-${todo.id}`;

  const download = async (format: DownloadFormat) => {
    setDownloading(true);
    try {
      const { blob, name } = await fetchDownload({
        id: todo.id,
        fileName: todo.fileName,
        format,
        token,
        locale,
      });
      saveBlob(blob, name);
    } catch (error) {
      notify(errorText(error), 'red');
    } finally {
      setDownloading(false);
    }
  };

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
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" aria-label={t('card.actions')} data-testid={`${testId}-menu`}>
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconDownload size={14} />}
                disabled={downloading}
                onClick={() => void download('txt')}
                data-testid={`${testId}-download`}
              >
                {t('card.download')}
              </Menu.Item>
              {todo.searchType === 'asinCheck' && (
                <Menu.Item
                  leftSection={<IconDownload size={14} />}
                  disabled={downloading}
                  onClick={() => void download('csv')}
                  data-testid={`${testId}-download-csv`}
                >
                  {t('card.downloadCsv')}
                </Menu.Item>
              )}
              <Menu.Item
                leftSection={<IconRepeat size={14} />}
                onClick={() => setConfirm('rerun')}
                data-testid={`${testId}-rerun`}
              >
                {t('card.rerun')}
              </Menu.Item>
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() => setConfirm('delete')}
                data-testid={`${testId}-delete`}
              >
                {t('card.delete')}
              </Menu.Item>
              {admin && (running || todo.status === 'FAILED') && (
                <>
                  <Menu.Divider />
                  <Menu.Label>{t('card.status')}</Menu.Label>
                  {running ? (
                    <Menu.Item
                      leftSection={<IconPlayerStop size={14} />}
                      onClick={() => void setStatus('CANCELED')}
                      data-testid={`${testId}-cancel`}
                    >
                      {t('card.cancelScan')}
                    </Menu.Item>
                  ) : (
                    <Menu.Item
                      leftSection={<IconRefresh size={14} />}
                      onClick={() => void setStatus('PENDING')}
                      data-testid={`${testId}-requeue`}
                    >
                      {t('card.requeue')}
                    </Menu.Item>
                  )}
                </>
              )}
            </Menu.Dropdown>
          </Menu>
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

        {running && (
          <Stack gap={2} data-testid={`${testId}-progress`}>
            <Progress
              value={progress?.percent ?? 0}
              animated={progress?.percent == null}
              striped={progress?.percent == null}
              aria-label={t(`statuses.${todo.status}`)}
            />
            {progress && (
              <Text size="xs" c="dimmed">
                {[
                  t('card.pages', { count: progress.pagesFetched }),
                  t('card.found', { count: progress.asinsFound }),
                  progress.etaSeconds != null ? t('card.eta', { time: duration(progress.etaSeconds) }) : null,
                  progress.percent != null ? `${Math.round(progress.percent)}%` : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            )}
          </Stack>
        )}

        {todo.coverageLine && (
          <Text size="xs" data-testid={`${testId}-coverage`}>
            {todo.coverageLine}
          </Text>
        )}
        {todo.status === 'FAILED' && todo.failureReason && (
          <Text size="xs" c="red" data-testid={`${testId}-reason`}>
            {t('card.reason')}: {todo.failureReason}
          </Text>
        )}

        <Text size="xs" c="dimmed">
          {t('card.searchDate')}: {date(todo.searchDate)}
          {todo.searchCompleteDate && ` · ${t('card.completeDate')}: ${date(todo.searchCompleteDate)}`}
          {todo.searchCancelDate && ` · ${t('card.cancelDate')}: ${date(todo.searchCancelDate)}`}
        </Text>
      </Stack>

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
