import { BusError } from '@shelfscan/bus';
import type { billingV1 } from '@shelfscan/contracts';

const ROLE_ADMIN = 'ROLE_ADMIN';

/** Admin-only calls check the caller's roles again (the gateway checked them first); answers its email. */
export function assertAdmin(caller: billingV1.Caller | undefined): string {
  if (!caller?.email || !caller.roles.includes(ROLE_ADMIN))
    throw new BusError('PERMISSION_DENIED', 'forbidden', { reason: 'forbidden' });
  return caller.email;
}

/** The user whose payments a call reads: its own email, or (an admin only) any user or all. */
export function paymentOwner(email: string, caller: billingV1.Caller | undefined): string | null {
  if (email && !caller) return email;
  assertAdmin(caller);
  return email || null;
}
