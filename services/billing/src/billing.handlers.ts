import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { EventHandler, RpcHandler, handleOnce, type BusContext } from '@shelfscan/bus';
import { authEventsV1, billingV1 } from '@shelfscan/contracts';
import { DataSource } from 'typeorm';
import { assertAdmin } from '@shelfscan/service';
import { CardsService, toCardMessage } from './cards/cards.service.js';
import { PaymentsService } from './invoices/payments.service.js';
import { planCatalogue } from './plans/plan-catalogue.js';
import { PlansService } from './plans/plans.service.js';
import { PromotionsService } from './promotions/promotions.service.js';
import { RenewalService } from './renewal/renewal.service.js';
import { SystemParameters } from '@shelfscan/service';

const { BillingService } = billingV1;

/** The billing service's bus API: one line per handler. */
@Controller()
export class BillingHandlers {
  constructor(
    @Inject(PlansService) private readonly plans: PlansService,
    @Inject(CardsService) private readonly cards: CardsService,
    @Inject(PromotionsService) private readonly promotions: PromotionsService,
    @Inject(PaymentsService) private readonly payments: PaymentsService,
    @Inject(RenewalService) private readonly renewal: RenewalService,
    @Inject(SystemParameters) private readonly parameters: SystemParameters,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {}

  @RpcHandler(BillingService.method.listPlans)
  listPlans() {
    return { plans: planCatalogue(this.parameters) };
  }

  @RpcHandler(BillingService.method.getUserPlans)
  async getUserPlans(@Payload() req: billingV1.GetUserPlansRequest) {
    return { plans: await this.plans.userPlans(req.email) };
  }

  @RpcHandler(BillingService.method.subscribe)
  subscribe(@Payload() req: billingV1.SubscribeRequest) {
    return this.plans.subscribe(req);
  }

  @RpcHandler(BillingService.method.cancelPlan)
  async cancelPlan(@Payload() req: billingV1.CancelPlanRequest) {
    return { plan: await this.plans.cancel(req.email) };
  }

  @RpcHandler(BillingService.method.startTrial)
  async startTrial(@Payload() req: billingV1.StartTrialRequest) {
    return { plan: await this.plans.startTrial(req.email) };
  }

  @RpcHandler(BillingService.method.getCard)
  async getCard(@Payload() req: billingV1.GetCardRequest) {
    const card = await this.cards.get(req.email);
    return card ? { card: toCardMessage(card) } : {};
  }

  @RpcHandler(BillingService.method.saveCard)
  async saveCard(@Payload() req: billingV1.SaveCardRequest) {
    return { card: await this.cards.save(req) };
  }

  @RpcHandler(BillingService.method.deleteCard)
  async deleteCard(@Payload() req: billingV1.DeleteCardRequest) {
    await this.cards.delete(req.email, req.id);
    return {};
  }

  @RpcHandler(BillingService.method.promotionSummary)
  promotionSummary(@Payload() req: billingV1.PromotionSummaryRequest) {
    return this.plans.summary(req);
  }

  @RpcHandler(BillingService.method.listPayments)
  listPayments(@Payload() req: billingV1.ListPaymentsRequest) {
    return this.payments.list(req);
  }

  @RpcHandler(BillingService.method.getPayment)
  async getPayment(@Payload() req: billingV1.GetPaymentRequest) {
    return { payment: await this.payments.get(req) };
  }

  @RpcHandler(BillingService.method.getInvoicePdf)
  getInvoicePdf(@Payload() req: billingV1.GetInvoicePdfRequest) {
    return this.payments.pdf(req);
  }

  @RpcHandler(BillingService.method.getThreeDsPage)
  getThreeDsPage(@Payload() req: billingV1.GetThreeDsPageRequest) {
    return this.plans.threeDsPage(req);
  }

  @RpcHandler(BillingService.method.completeThreeDs)
  completeThreeDs(@Payload() req: billingV1.CompleteThreeDsRequest) {
    return this.plans.completeThreeDs(req);
  }

  @RpcHandler(BillingService.method.refundPayment)
  refundPayment(@Payload() req: billingV1.RefundPaymentRequest) {
    return this.payments.refund(req);
  }

  @RpcHandler(BillingService.method.grantPlan)
  async grantPlan(@Payload() req: billingV1.GrantPlanRequest) {
    return { plan: await this.plans.grant(req, assertAdmin(req.caller)) };
  }

  @RpcHandler(BillingService.method.revokePlan)
  async revokePlan(@Payload() req: billingV1.RevokePlanRequest) {
    return { plan: await this.plans.revoke(req, assertAdmin(req.caller)) };
  }

  @RpcHandler(BillingService.method.listPromotions)
  async listPromotions() {
    return { promotions: await this.promotions.list() };
  }

  @RpcHandler(BillingService.method.savePromotion)
  async savePromotion(@Payload() req: billingV1.SavePromotionRequest) {
    return { promotion: await this.promotions.save(req.promotion) };
  }

  @RpcHandler(BillingService.method.deletePromotion)
  async deletePromotion(@Payload() req: billingV1.DeletePromotionRequest) {
    await this.promotions.delete(req.id);
    return {};
  }

  @RpcHandler(BillingService.method.runRenewal)
  runRenewal(@Payload() req: billingV1.RunRenewalRequest) {
    return this.renewal.run(req.date);
  }

  @EventHandler(authEventsV1.PhoneVerifiedSchema)
  async phoneVerified(@Payload() evt: object, @Ctx() ctx: unknown) {
    const e = evt as authEventsV1.PhoneVerified;
    await handleOnce(this.dataSource, ctx as BusContext, 'billing.phone-verified', (m) =>
      this.plans.phoneVerified(m, e.email, e.phone),
    );
  }
}
