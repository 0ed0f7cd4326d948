import { mailerPort } from '@shelfscan/mail';
import { SERVICE_CONFIG, defineService } from '@shelfscan/service';
import { BillingModule } from './billing.module.js';
import { billingEnvSchema } from './config.js';
import { billingMigrations } from './db/index.js';
import { PaymentProvider, createPaymentProvider } from './provider/index.js';
import { CardsHandlers } from './cards/cards.handlers.js';
import { PaymentsHandlers } from './invoices/payments.handlers.js';
import { PlansHandlers } from './plans/plans.handlers.js';
import { PromotionsHandlers } from './promotions/promotions.handlers.js';
import { RenewalHandlers } from './renewal/renewal.handlers.js';
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
  handlers: [
    PlansHandlers,
    CardsHandlers,
    PaymentsHandlers,
    PromotionsHandlers,
    RenewalHandlers,
    UserDeletedHandler,
  ],
});
