import { mailerPort } from '@shelfscan/mail';
import { SERVICE_CONFIG, defineService } from '@shelfscan/service';
import { BillingHandlers } from './billing.handlers.js';
import { BillingModule } from './billing.module.js';
import { billingEnvSchema } from './config.js';
import { billingMigrations } from './db/index.js';
import { PaymentProvider, createPaymentProvider } from './provider/index.js';
import { UserDeletedHandler } from './users/user-deleted.handler.js';

/** The billing service: plans, the saved card, promotions, charges, renewal, invoices, trial. */
export const billingService = defineService({
  name: 'billing',
  envSchema: billingEnvSchema,
  migrations: billingMigrations,
  ports: [
    { provide: PaymentProvider, inject: [SERVICE_CONFIG], useFactory: createPaymentProvider },
    mailerPort,
  ],
  modules: [BillingModule],
  handlers: [BillingHandlers, UserDeletedHandler],
});
