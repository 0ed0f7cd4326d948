import { baseEnvSchema, env } from '@shelfscan/config';
import { mailEnvFields } from '@shelfscan/mail';
import { z } from 'zod';

export const billingEnvSchema = baseEnvSchema.extend({
  ...mailEnvFields,
  /** `sandbox` (built in, iyzico's test cards; the default) or `iyzico` (the iyzipay API). */
  PAYMENT_PROVIDER: env.oneOf(['sandbox', 'iyzico'], 'sandbox'),
  /**
   * The sandbox takes iyzico's public test cards as payment: with NODE_ENV=production it stops the
   * start unless this says a staging system sells plans for test cards on purpose.
   */
  ALLOW_SANDBOX_PAYMENTS: env.bool(false),
  IYZICO_API_KEY: z.string().min(1).optional(),
  IYZICO_SECRET_KEY: z.string().min(1).optional(),
  /** https://sandbox-api.iyzipay.com (test) or https://api.iyzipay.com (live). */
  IYZICO_BASE_URL: env.origin(['http', 'https']).default('https://sandbox-api.iyzipay.com'),
  /** How long to wait for iyzico before the outcome of a call counts as unknown (looked up later). */
  IYZICO_TIMEOUT_MS: env.int(20_000, 100, 120_000),
  /**
   * PEM (PKCS#8) EC P-256 private key that opens the card numbers the gateway seals for billing:
   * required with BUS=kafka (a Secret in the cluster); unset in the embedded mode = the pair the
   * launcher makes in-process, else a key kept under DATA_DIR/keys.
   */
  CARD_SEALING_PRIVATE_KEY: z.string().includes('PRIVATE KEY', { error: 'a PEM private key' }).optional(),
  /** The central bank's daily bulletin (its USD ForexSelling is the charge rate). */
  FX_RATES_URL: env.url(['http', 'https']).default('https://www.tcmb.gov.tr/kurlar/today.xml'),
});

export type BillingConfig = z.infer<typeof billingEnvSchema>;
