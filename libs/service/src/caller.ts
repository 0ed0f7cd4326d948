import { BusError } from '@shelfscan/bus';
import type { commonV1 } from '@shelfscan/contracts';

export const ROLE_ADMIN = 'ROLE_ADMIN';

/**
 * Admin-only calls check the caller's roles again (the gateway checked them first): answers the
 * caller's email, or fails with PERMISSION_DENIED (`forbidden`).
 */
export function assertAdmin(caller: commonV1.Caller | undefined): string {
  if (!caller?.email || !caller.roles.includes(ROLE_ADMIN)) {
    throw new BusError('PERMISSION_DENIED', 'forbidden', { reason: 'forbidden' });
  }
  return caller.email;
}
