import { createHmac, randomBytes } from 'node:crypto';

/** A new signing secret: `whsec_` and 32 random bytes (base64url). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * The `ShelfScan-Signature` header of a delivery, signed like Stripe's: `t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "<t>.<raw body>" with the secret>`. A receiver recomputes v1 from the raw body
 * and the t it got, compares in constant time, and refuses a t too far from its own clock.
 */
export function webhookSignature(secret: string, unixSeconds: number, rawBody: string): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}
