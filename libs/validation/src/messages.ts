/**
 * Every message a shared rule can give. They are keys, not texts: the web app translates them under
 * `common:validation.<key>` and the gateway with its own table (`gateway/src/common/i18n.ts`), both
 * in Turkish and US English; a test on each side checks that none is missing.
 */
export const VALIDATION_MESSAGES = [
  'required',
  'tooLong',
  'nameInvalid',
  'surnameInvalid',
  'emailInvalid',
  'phoneMin',
  'phoneInvalid',
  'passwordMin',
  'passwordMax',
  'passwordCommon',
  'passwordRequired',
  'confirmPassword',
  'terms',
  'codeInvalid',
  'keyRequired',
  'langInvalid',
  'asinInvalid',
  'asinTooMany',
  'urlInvalid',
  'starRange',
  'priceInvalid',
  'rangeInvalid',
  'cardHolderInvalid',
  'cardNumberInvalid',
  'expiryMonthInvalid',
  'expiryYearInvalid',
  'cardExpired',
  'cvcInvalid',
  'pageInvalid',
] as const;

export type ValidationMessage = (typeof VALIDATION_MESSAGES)[number];

const known: ReadonlySet<string> = new Set(VALIDATION_MESSAGES);

/** Whether a text is one of the shared message keys (a server may also send an already translated text). */
export function isValidationMessage(text: unknown): text is ValidationMessage {
  return typeof text === 'string' && known.has(text);
}
