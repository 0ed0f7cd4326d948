import type { commonV1 } from '@shelfscan/contracts';
import { assertAdmin } from '@shelfscan/service';

/** The user whose payments a call reads: its own email, or (an admin only) any user or all. */
export function paymentOwner(email: string, caller: commonV1.Caller | undefined): string | null {
  if (email && !caller) return email;
  assertAdmin(caller);
  return email || null;
}
