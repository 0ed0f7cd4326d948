/**
 * Card numbers and security codes never leave the form except to the API. RTK Query puts a call's
 * arguments into its actions (`meta.arg.originalArgs`), which the Redux DevTools extension records:
 * `redactAction` (the store's `devTools.actionSanitizer`) replaces those fields first.
 */
const SECRET_FIELDS = new Set(['cardNumber', 'cvc']);
export const REDACTED = '[redacted]';

function hasSecret(value: unknown): boolean {
  return (
    !!value &&
    typeof value === 'object' &&
    Object.entries(value).some(([key, v]) => SECRET_FIELDS.has(key) || hasSecret(v))
  );
}

function redact(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(redact);
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key, SECRET_FIELDS.has(key) ? REDACTED : redact(v)]),
  );
}

interface WithArgs {
  meta?: { arg?: { originalArgs?: unknown } };
}

/** The action with the card number and CVC of its call arguments replaced (the same action when it has none). */
export function redactAction<A>(action: A): A {
  const meta = (action as WithArgs).meta;
  if (!meta?.arg || !hasSecret(meta.arg.originalArgs)) return action;
  return { ...action, meta: { ...meta, arg: { ...meta.arg, originalArgs: redact(meta.arg.originalArgs) } } };
}
