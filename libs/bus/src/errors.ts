export type BusErrorCode =
  | 'INVALID_ARGUMENT'
  | 'ALREADY_EXISTS'
  | 'NOT_FOUND'
  | 'UNAUTHENTICATED'
  | 'PERMISSION_DENIED'
  | 'FAILED_PRECONDITION'
  | 'RESOURCE_EXHAUSTED'
  | 'UNAVAILABLE'
  | 'DEADLINE_EXCEEDED'
  | 'INTERNAL';

export interface Violation {
  field: string;
  msg: string;
}

/**
 * An error a handler returns to the caller over the bus. `message` is a key of the message catalogue
 * (@shelfscan/messages), never prose; `reason` is a stable key the web app may translate
 * (`emailIsAlreadyTaken`); `detail` fills the text's `{{detail}}` (e.g. the bank's answer).
 */
export class BusError extends Error {
  constructor(
    readonly code: BusErrorCode,
    message: string,
    readonly options: {
      reason?: string;
      violations?: Violation[];
      retryAfterSeconds?: number;
      /** RESOURCE_EXHAUSTED: when the right comes back (RFC 3339), sent to the client as data.retryAt. */
      retryAt?: string;
      /** A dynamic detail the text's `{{detail}}` placeholder shows (e.g. the bank's answer). */
      detail?: string;
    } = {},
  ) {
    super(message);
    this.name = 'BusError';
  }

  get reason(): string | undefined {
    return this.options.reason;
  }

  get violations(): Violation[] {
    return this.options.violations ?? [];
  }
}
