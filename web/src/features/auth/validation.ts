/** Client validation of the auth forms (product spec part 5). Values are i18n keys of the `auth` namespace. */

export interface RegisterValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
  terms: boolean;
}

export type RegisterErrors = Partial<Record<keyof RegisterValues, string>>;

/** Letters of any alphabet (Turkish ç ğ ı İ ö ş ü included), spaces and hyphens; 2–50 characters with at least one letter. */
const NAME_RE = /^[\p{L}\s-]{2,50}$/u;
const HAS_LETTER_RE = /\p{L}/u;
const EMAIL_RE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[^\s@.]{2,}$/;
const PHONE_CHARS_RE = /^\+?[\d\s()-]+$/;

export const PASSWORD_MIN = 6;
export const PHONE_MIN_DIGITS = 10;

export function isValidName(value: string): boolean {
  const v = value.trim();
  return NAME_RE.test(v) && HAS_LETTER_RE.test(v);
}

export function isValidEmail(value: string): boolean {
  return EMAIL_RE.test(value.trim());
}

/** Phone is optional; when given it needs at least 10 digits. */
export function isValidPhone(value: string): boolean {
  const v = value.trim();
  if (v === '') return true;
  return PHONE_CHARS_RE.test(v) && v.replace(/\D/g, '').length >= PHONE_MIN_DIGITS;
}

export function validateRegister(values: RegisterValues): RegisterErrors {
  const errors: RegisterErrors = {};
  if (!isValidName(values.firstName)) errors.firstName = 'validation.nameInvalid';
  if (!isValidName(values.lastName)) errors.lastName = 'validation.surnameInvalid';
  if (!isValidEmail(values.email)) errors.email = 'validation.emailInvalid';
  if (!isValidPhone(values.phone)) errors.phone = 'validation.phoneMin';
  if (values.password.length < PASSWORD_MIN) errors.password = 'validation.passwordMin';
  if (values.confirmPassword !== values.password || values.confirmPassword === '')
    errors.confirmPassword = 'validation.confirmPassword';
  if (!values.terms) errors.terms = 'validation.terms';
  return errors;
}

export interface LoginValues {
  email: string;
  password: string;
}

export function validateLogin(values: LoginValues): Partial<Record<keyof LoginValues, string>> {
  const errors: Partial<Record<keyof LoginValues, string>> = {};
  if (!isValidEmail(values.email)) errors.email = 'validation.emailInvalid';
  if (values.password === '') errors.password = 'validation.required';
  return errors;
}

/**
 * The `redirect` query parameter of the login page, when it is a safe local path.
 * 'register' (set after sign-up) and anything that could leave the site are ignored.
 */
export function safeRedirect(redirect: string | null | undefined): string | null {
  if (!redirect || redirect === 'register') return null;
  if (!redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return null;
  if (/[\s\\]/.test(redirect) || /^\/[a-z][a-z0-9+.-]*:/i.test(redirect)) return null;
  if (/^\/(us\/)?(auth|logout)(\/|$|\?)/.test(redirect)) return null;
  return redirect;
}

export interface ResetValues {
  email: string;
  key: string;
  password: string;
  confirmPassword: string;
}

/** The reset-password form: a valid email, the emailed key, a new password of ≥ 6 and its confirmation. */
export function validateReset(values: ResetValues): Partial<Record<keyof ResetValues, string>> {
  const errors: Partial<Record<keyof ResetValues, string>> = {};
  if (!isValidEmail(values.email)) errors.email = 'validation.emailInvalid';
  if (values.key.trim() === '') errors.key = 'validation.required';
  if (values.password.length < PASSWORD_MIN) errors.password = 'validation.passwordMin';
  if (values.confirmPassword !== values.password || values.confirmPassword === '')
    errors.confirmPassword = 'validation.confirmPassword';
  return errors;
}
