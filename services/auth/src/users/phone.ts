/** A phone number as typed → E.164 (default region TR), or null: the shared rule of @shelfscan/validation. */
export { toE164 } from '@shelfscan/validation';
