import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** A phone number as typed → E.164 (default region TR), or null when it is not a valid number. */
export function toE164(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), 'TR');
  return parsed?.isValid() ? parsed.number : null;
}
