import { BusError } from '@shelfscan/bus';
import type { adminV1 } from '@shelfscan/contracts';

export const ROLE_ADMIN = 'ROLE_ADMIN';

/** Admin-only calls check the caller's roles again (the gateway checked them first); answers its email. */
export function assertAdmin(caller: adminV1.Caller | undefined): string {
  if (!caller?.email || !caller.roles.includes(ROLE_ADMIN)) {
    throw new BusError('PERMISSION_DENIED', 'forbidden', { reason: 'forbidden' });
  }
  return caller.email;
}

/** Page and size of a list request: page from 0, size 1–100 (default 20). */
export function paging(page: number, size: number): { limit: number; offset: number } {
  const limit = size > 0 ? Math.min(size, 100) : 20;
  return { limit, offset: Math.max(page, 0) * limit };
}
