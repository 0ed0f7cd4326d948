import { baseEnvSchema, env } from '@shelfscan/config';
import { mailEnvFields } from '@shelfscan/mail';
import { z } from 'zod';

export const billingEnvSchema = baseEnvSchema.extend({
  ...mailEnvFields,
  /** `sandbox` (built in, iyzico's test cards; the default) or `iyzico` (the iyzipay API). */
  PAYMENT_PROVIDER: env.oneOf(['sandbox', 'iyzico'], 'sandbox'),
  IYZICO_API_KEY: z.string().min(1).optional(),
  IYZICO_SECRET_KEY: z.string().min(1).optional(),
  /** https://sandbox-api.iyzipay.com (test) or https://api.iyzipay.com (live). */
  IYZICO_BASE_URL: env.url(['http', 'https']).default('https://sandbox-api.iyzipay.com'),
  /** The central bank's daily bulletin (its USD ForexSelling is the charge rate). */
  FX_RATES_URL: env.url(['http', 'https']).default('https://www.tcmb.gov.tr/kurlar/today.xml'),
});

export type BillingConfig = z.infer<typeof billingEnvSchema>;
