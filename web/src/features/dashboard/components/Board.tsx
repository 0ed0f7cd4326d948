import { useCallback, useState } from 'react';
import { Button, Group, Menu, Paper, SimpleGrid, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { IconArrowsMove, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TOAST_AUTO_CLOSE_MS } from '../../../app/api';
import { useMoveTodosMutation } from '../api/dashboardApi';
import { planMove, TODO_STATES, type Filters, type Todo, type TodoState } from '../model';
import { StateColumn } from './StateColumn';

const notify = (message: string, color: 'green' | 'red') =>
  notifications.show({ color, message, autoClose: TOAST_AUTO_CLOSE_MS });

/**
 * The four state columns (tabs on small screens), bulk selection with "Move to", and drag and drop
 * of a scan (or of the whole selection when the dragged scan is selected) onto another column.
 */
export function Board({ filters, filtered }: { filters: Filters; filtered: boolean }) {
  const { t } = useTranslation('dashboard');
  const small = useMediaQuery('(max-width: 62em)');
  const [selection, setSelection] = useState<ReadonlyMap<string, Todo>>(new Map());
  const [moveTodos, moving] = useMoveTodosMutation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor),
  );

  const onSelect = useCallback((todo: Todo, selected: boolean) => {
    setSelection((current) => {
      const next = new Map(current);
      if (selected) next.set(todo.id, todo);
      else next.delete(todo.id);
      return next;
    });
  }, []);

  const move = async (todos: readonly Todo[], target: TodoState) => {
    const { ids, refused } = planMove(todos, target);
    if (refused > 0 || ids.length === 0) {
      if (refused > 0) notify(t('messages.notAllowed'), 'red');
      if (ids.length === 0) return;
    }
    try {
      await moveTodos({ state: target, ids }).unwrap();
      notify(t('messages.saved'), 'green');
      setSelection((current) => {
        const next = new Map(current);
        for (const id of ids) next.delete(id);
        return next;
      });
    } catch {
      // The app's error catalogue shows the failure (a 422 'stateNotAllowed' with its text).
    }
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const todo = (active.data.current as { todo?: Todo } | undefined)?.todo;
    const target = over?.id as TodoState | undefined;
    if (!todo || !target || !TODO_STATES.includes(target)) return;
    const todos = selection.has(todo.id) ? [...selection.values()] : [todo];
    void move(todos, target);
  };

  const selected = new Set(selection.keys());
  const column = (state: TodoState, showTitle = true) => (
    <StateColumn
      key={state}
      state={state}
      filters={filters}
      filtered={filtered}
      selected={selected}
      onSelect={onSelect}
      showTitle={showTitle}
    />
  );

  return (
    <DndContext sensors={sensors} onDragEnd={onDragEnd}>
      {selection.size > 0 && (
        <Paper withBorder p="xs" mb="sm" data-testid="bulk-bar">
          <Group justify="space-between">
            <Text size="sm">{t('bulk.selected', { count: selection.size })}</Text>
            <Group gap="xs">
              <Menu>
                <Menu.Target>
                  <Button
                    size="xs"
                    leftSection={<IconArrowsMove size={14} />}
                    loading={moving.isLoading}
                    data-testid="bulk-move"
                  >
                    {t('bulk.moveTo')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {TODO_STATES.map((state) => (
                    <Menu.Item
                      key={state}
                      onClick={() => void move([...selection.values()], state)}
                      data-testid={`bulk-move-${state}`}
                    >
                      {t(`states.${state}`)}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconX size={14} />}
                onClick={() => setSelection(new Map())}
              >
                {t('bulk.clear')}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
      {small ? (
        // One row of four tabs on a phone-wide screen (390 px): no wrapping, narrower tabs, smaller text.
        <Tabs
          defaultValue="pending"
          keepMounted={false}
          styles={{
            list: { flexWrap: 'nowrap' },
            tab: { paddingInline: 8, whiteSpace: 'nowrap', fontSize: 'var(--mantine-font-size-xs)' },
          }}
        >
          <Tabs.List grow mb="sm" data-testid="board-tabs">
            {TODO_STATES.map((state) => (
              <Tabs.Tab key={state} value={state}>
                {t(`states.${state}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {TODO_STATES.map((state) => (
            <Tabs.Panel key={state} value={state}>
              {column(state, false)}
            </Tabs.Panel>
          ))}
        </Tabs>
      ) : (
        <SimpleGrid cols={4} spacing="sm" data-testid="board">
          {TODO_STATES.map((state) => column(state))}
        </SimpleGrid>
      )}
    </DndContext>
  );
}
