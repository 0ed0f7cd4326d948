/**
 * The rows of a query through TypeORM's postgres driver, which answers UPDATE and DELETE with
 * `[rows, affectedCount]` (so `... RETURNING` rows come first) and SELECT and INSERT with the rows.
 */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) &&
    result.length === 2 &&
    Array.isArray(result[0]) &&
    typeof result[1] === 'number'
    ? (result[0] as T[])
    : (result as T[]);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a text is a UUID, as a `uuid` column takes it: an id from a URL or a bus request is
 * checked before the query, so that a malformed one is "not found", not a PostgreSQL error.
 */
export const isUuid = (text: string): boolean => UUID.test(text);
