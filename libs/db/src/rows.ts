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
