/** Page and size of a list request: page from 0, size 1–100 (default 20). */
export function paging(page: number, size: number): { limit: number; offset: number } {
  const limit = size > 0 ? Math.min(size, 100) : 20;
  return { limit, offset: Math.max(page, 0) * limit };
}
