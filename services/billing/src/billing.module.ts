import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { CardSealing } from './cards/card-sealing.js';
import { CardsRepository } from './cards/cards.repository.js';
import { CardsService } from './cards/cards.service.js';
import { ChargeSteps } from './charges/charge-steps.js';
import { ChargesService } from './charges/charges.service.js';
import { RefundsService } from './charges/refunds.service.js';
import { ThreeDsService } from './charges/three-ds.service.js';
import { FxRates } from './fx/fx-rates.js';
import { InvoicesRepository } from './invoices/invoices.repository.js';
import { PaymentsService } from './invoices/payments.service.js';
import { BillingMails } from './notifications/billing-mails.js';
import { PlansService } from './plans/plans.service.js';
import { SubscriptionsRepository } from './plans/subscriptions.repository.js';
import { PromotionsRepository } from './promotions/promotions.repository.js';
import { PromotionsService } from './promotions/promotions.service.js';
import { RenewalScheduler } from './renewal/renewal.scheduler.js';
import { RenewalService } from './renewal/renewal.service.js';

const providers = [
  CardSealing,
  CardsRepository,
  CardsService,
  ChargeSteps,
  ChargesService,
  RefundsService,
  ThreeDsService,
  FxRates,
  InvoicesRepository,
  PaymentsService,
  BillingMails,
  PlansService,
  SubscriptionsRepository,
  PromotionsRepository,
  PromotionsService,
  RenewalService,
  RenewalScheduler,
];

/** Plans, cards, promotions, charges, renewal and invoices (one aggregate per repository). */
@Module({ providers, exports: providers })
export class BillingModule implements OnModuleInit {
  constructor(
    @Inject(CardsService) private readonly cards: CardsService,
    @Inject(RenewalService) private readonly renewal: RenewalService,
  ) {}

  /** Updating the card retries a past-due plan at once. */
  onModuleInit(): void {
    this.cards.onCardSaved = (email) => this.renewal.retryNow(email);
  }
}
