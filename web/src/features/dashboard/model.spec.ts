import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import {
  categoryLabel,
  canMove,
  filtersFromQuery,
  listParams,
  planMove,
  stateOfStatus,
  waitOf,
  type Todo,
} from './model';

const markets = ['CA', 'MX', 'AE', 'AU', 'SG', 'UK'];
const scan = (id: string, state: Todo['state'], status: Todo['status']) => ({ id, state, status }) as Todo;

describe('dashboard model', () => {
  it('state rules: archive from anywhere, back from archived only to the column of the status', () => {
    expect(stateOfStatus('PROCESSING')).toBe('ongoing');
    expect(stateOfStatus('FAILED')).toBe('completed');
    expect(canMove(scan('a', 'completed', 'COMPLETED'), 'archived')).toBe(true);
    expect(canMove(scan('a', 'pending', 'PENDING'), 'archived')).toBe(true);
    expect(canMove(scan('a', 'archived', 'CANCELED'), 'completed')).toBe(true);
    expect(canMove(scan('a', 'archived', 'CANCELED'), 'pending')).toBe(false);
    expect(canMove(scan('a', 'completed', 'COMPLETED'), 'pending')).toBe(false);
    expect(canMove(scan('a', 'archived', 'PENDING'), 'archived')).toBe(false);
    expect(
      planMove(
        [
          scan('a', 'completed', 'COMPLETED'),
          scan('b', 'archived', 'PENDING'),
          scan('c', 'archived', 'COMPLETED'),
        ],
        'completed',
      ),
    ).toEqual({ ids: ['c'], refused: 1 });
  });

  it('filters: read from the query (unknown values dropped) and sent with the page', () => {
    const filters = filtersFromQuery(
      new URLSearchParams('type=FUNCTIONAL&status=NOPE&market=DE&q=%20shop%20&from=2026-11-01&to=tomorrow'),
      markets,
    );
    expect(filters).toEqual({ type: 'FUNCTIONAL', q: 'shop', from: '2026-11-01' });
    expect(listParams({ ...filters, state: 'pending', page: 2 })).toEqual({
      type: 'FUNCTIONAL',
      q: 'shop',
      from: '2026-11-01',
      page: 2,
      size: 20,
    });
  });

  it('wait of a 429: data.retryAt first, then Retry-After', () => {
    const now = Date.parse('2026-11-23T20:00:00Z');
    expect(
      waitOf({ status: 429, data: { data: { retryAt: '2026-11-23T21:00:00Z' } }, retryAfter: 5 }, now),
    ).toBe(3600);
    expect(waitOf({ status: 429, data: { code: 'x' }, retryAfter: 5 }, now)).toBe(5);
    expect(waitOf({ status: 429, data: {} }, now)).toBeUndefined();
  });

  it('words the "All Categories" entry in the page’s language; departments keep Amazon’s names', () => {
    const all = { label: 'All Categories', level: 1, suffix: 'ca', nodeId: '1' };
    const books = { label: 'Books', level: 1, suffix: 'ca', nodeId: '916520' };
    expect(categoryLabel(all, i18n.getFixedT('tr', 'dashboard'))).toBe('Tüm Kategoriler');
    expect(categoryLabel(all, i18n.getFixedT('en', 'dashboard'))).toBe('All Categories');
    expect(categoryLabel(books, i18n.getFixedT('tr', 'dashboard'))).toBe('Books');
  });
});
