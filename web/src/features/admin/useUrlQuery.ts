import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's state kept in the URL query: its filters and `page` (from 1 in the URL, from 0 as the API
 * counts). Setting a filter starts the list again on its first page.
 */
export function useUrlQuery() {
  const [query, setQuery] = useSearchParams();
  const page = Math.max(0, Number(query.get('page') ?? '1') - 1 || 0);
  const set = useCallback(
    (changes: Record<string, string | null>) =>
      setQuery(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setQuery],
  );
  const setPage = useCallback((next: number) => set({ page: next > 0 ? String(next + 1) : null }), [set]);
  return { query, page, set, setPage };
}
