import type { BillingConfig } from '../config.js';
import { IyzicoPaymentProvider } from './iyzico/iyzico.provider.js';
import type { PaymentProvider } from './payment-provider.js';
import { SandboxPaymentProvider } from './sandbox.provider.js';

export * from './payment-provider.js';

/**
 * The adapter PAYMENT_PROVIDER names; iyzico's credentials are checked here, at start, and so is
 * the sandbox in production (it would sell plans for the public test cards).
 */
export function createPaymentProvider(config: BillingConfig): PaymentProvider {
  if (
    config.PAYMENT_PROVIDER === 'sandbox' &&
    config.NODE_ENV === 'production' &&
    !config.ALLOW_SANDBOX_PAYMENTS
  )
    throw new Error(
      'PAYMENT_PROVIDER=sandbox with NODE_ENV=production would sell plans for test cards: set PAYMENT_PROVIDER=iyzico (with its keys), or ALLOW_SANDBOX_PAYMENTS=true on a staging system',
    );
  if (config.PAYMENT_PROVIDER === 'iyzico') {
    const missing = (['IYZICO_API_KEY', 'IYZICO_SECRET_KEY'] as const).filter((k) => !config[k]);
    if (missing.length)
      throw new Error(`PAYMENT_PROVIDER=iyzico needs ${missing.join(' and ')} (the merchant's API keys)`);
    return new IyzicoPaymentProvider({
      apiKey: config.IYZICO_API_KEY!,
      secretKey: config.IYZICO_SECRET_KEY!,
      baseUrl: config.IYZICO_BASE_URL,
      timeoutMs: config.IYZICO_TIMEOUT_MS,
    });
  }
  return new SandboxPaymentProvider();
}
