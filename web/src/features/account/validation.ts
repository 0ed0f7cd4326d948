/** Client validation of the account forms (product spec part 5). Values are i18n keys of the `account` namespace. */

export const PASSWORD_MIN = 6;
export const PHONE_MIN_DIGITS = 10;

const NAME_RE = /^[\p{L}\s-]{2,50}$/u;
const HAS_LETTER_RE = /\p{L}/u;
const PHONE_CHARS_RE = /^\+?[\d\s()-]+$/;

export interface AccountInfoValues {
  firstName: string;
  lastName: string;
  phone: string;
  /** Optional: empty keeps the current password. */
  password: string;
  confirmPassword: string;
}

export function isValidName(value: string): boolean {
  const v = value.trim();
  return NAME_RE.test(v) && HAS_LETTER_RE.test(v);
}

/** A phone number with at least 10 digits (separators allowed). */
export function isPhoneNumber(value: string): boolean {
  const v = value.trim();
  return PHONE_CHARS_RE.test(v) && v.replace(/\D/g, '').length >= PHONE_MIN_DIGITS;
}

export function validateAccountInfo(
  values: AccountInfoValues,
): Partial<Record<keyof AccountInfoValues, string>> {
  const errors: Partial<Record<keyof AccountInfoValues, string>> = {};
  if (!isValidName(values.firstName)) errors.firstName = 'validation.nameInvalid';
  if (!isValidName(values.lastName)) errors.lastName = 'validation.surnameInvalid';
  if (values.phone.trim() !== '' && !isPhoneNumber(values.phone)) errors.phone = 'validation.phoneMin';
  if (values.password !== '' || values.confirmPassword !== '') {
    if (values.password.length < PASSWORD_MIN) errors.password = 'validation.passwordMin';
    if (values.confirmPassword !== values.password) errors.confirmPassword = 'validation.confirmPassword';
  }
  return errors;
}

export const VERIFICATION_CODE_LENGTH = 6;

export function isVerificationCode(value: string): boolean {
  return new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`).test(value);
}
