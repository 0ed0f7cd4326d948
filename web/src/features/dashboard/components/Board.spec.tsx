import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userToken } from '../../../test/jwt';
import { jsonResponse } from '../../../test/gateway';
import { renderApp } from '../../../test/render';
import { todo } from '../../../test/fixtures';
import { gateway } from '../test/gateway';

const token = () => userToken('ayse@example.com');

const moves = (calls: Request[]) => calls.filter((r) => r.method === 'POST' && r.url.includes('/dashboard/'));

function movingGateway() {
  return gateway({
    lists: {
      completed: {
        items: [
          todo({ id: 'c1', fileName: 'first' }),
          todo({ id: 'c2', fileName: 'second' }),
          todo({ id: 'c3', fileName: 'third' }),
        ],
      },
      archived: { items: [todo({ id: 'a1', state: 'archived', status: 'PENDING', fileName: 'filed' })] },
    },
    answers: {
      'POST /dashboard/archived': () => jsonResponse({ success: true, message: 'Change has been saved.' }),
    },
  });
}

/**
 * jsdom lays nothing out: give the columns side by side (250 px wide, 10 px apart) and each card a
 * box inside its column, so dnd-kit's collision detection finds the column a card is dropped on.
 */
function layOutBoard() {
  const original = Element.prototype.getBoundingClientRect;
  const columns = ['pending', 'ongoing', 'completed', 'archived'];
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const id = this.getAttribute('data-testid') ?? '';
    const box = (x: number, y: number, width: number, height: number) =>
      ({
        x,
        y,
        left: x,
        top: y,
        width,
        height,
        right: x + width,
        bottom: y + height,
        toJSON: () => ({}),
      }) as DOMRect;
    const column = /^column-(\w+)$/.exec(id);
    if (column) return box(columns.indexOf(column[1]) * 260, 0, 250, 800);
    if (/^todo-[^-]+$/.test(id)) {
      const state = this.closest('[data-testid^="column-"]')?.getAttribute('data-testid')?.slice(7) ?? '';
      return box(columns.indexOf(state) * 260 + 10, 60, 230, 100);
    }
    return original.call(this);
  };
  return () => {
    Element.prototype.getBoundingClientRect = original;
  };
}

describe('dashboard board: moves', () => {
  it('bulk: selected scans are moved with one POST /dashboard/{state} and the saved text shows', async () => {
    const server = movingGateway();
    renderApp('/us/dashboard', { token: token() });
    await screen.findByTestId('todo-c1');
    fireEvent.click(screen.getByTestId('todo-c1-select'));
    fireEvent.click(screen.getByTestId('todo-c3-select'));
    expect(screen.getByTestId('bulk-bar').textContent).toContain('2 scans selected');
    await act(async () => fireEvent.click(screen.getByTestId('bulk-move')));
    await act(async () => fireEvent.click(await screen.findByTestId('bulk-move-archived')));
    await waitFor(() => expect(moves(server.calls)).toHaveLength(1));
    const [move] = moves(server.calls);
    expect(new URL(move.url).pathname).toBe('/dashboard/archived');
    expect(await move.json()).toEqual({ todo: [{ id: 'c1' }, { id: 'c3' }] });
    expect(await screen.findByText('Change has been saved.')).toBeTruthy();
    // The lists are fetched again and the moved scans leave the selection.
    await waitFor(() => expect(server.listCalls('completed').length).toBeGreaterThan(1));
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
  });

  it('bulk: a move the state rules refuse is explained and not sent', async () => {
    const server = movingGateway();
    renderApp('/us/dashboard', { token: token() });
    await screen.findByTestId('todo-c1');
    fireEvent.click(screen.getByTestId('todo-c2-select'));
    await act(async () => fireEvent.click(screen.getByTestId('bulk-move')));
    await act(async () => fireEvent.click(await screen.findByTestId('bulk-move-pending')));
    expect(
      await screen.findByText(
        'A scan can only be archived, or moved back from archived to the column its status gives.',
      ),
    ).toBeTruthy();
    expect(moves(server.calls)).toHaveLength(0);
  });

  it('drag and drop: a card dragged onto the archived column is moved there', async () => {
    const restore = layOutBoard();
    try {
      const server = movingGateway();
      renderApp('/us/dashboard', { token: token() });
      const handle = within(await screen.findByTestId('todo-c2')).getByTestId('todo-c2-drag');
      // dnd-kit's keyboard sensor: space picks the card up, each arrow moves it 25 px, space drops it.
      handle.focus();
      await act(async () => fireEvent.keyDown(handle, { code: 'Space', key: ' ' }));
      for (let i = 0; i < 11; i++)
        await act(async () => fireEvent.keyDown(document, { code: 'ArrowRight', key: 'ArrowRight' }));
      await act(async () => fireEvent.keyDown(document, { code: 'Space', key: ' ' }));
      await waitFor(() => expect(moves(server.calls)).toHaveLength(1));
      const [move] = moves(server.calls);
      expect(new URL(move.url).pathname).toBe('/dashboard/archived');
      expect(await move.json()).toEqual({ todo: [{ id: 'c2' }] });
    } finally {
      restore();
    }
  });
});
