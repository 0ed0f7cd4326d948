import type { BillingConfig } from '../config.js';
import type { PaymentProvider } from './payment-provider.js';
import { SandboxPaymentProvider } from './sandbox.provider.js';

export * from './payment-provider.js';

/** The adapter PAYMENT_PROVIDER names. */
export function createPaymentProvider(config: BillingConfig): PaymentProvider {
  if (config.PAYMENT_PROVIDER === 'iyzico')
    throw new Error('PAYMENT_PROVIDER=iyzico is not available in this build yet; use sandbox');
  return new SandboxPaymentProvider();
}
