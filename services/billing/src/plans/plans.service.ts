import { Inject, Injectable } from '@nestjs/common';
import { BusError, OutboxRelay, addToOutbox } from '@shelfscan/bus';
import { billingEventsV1, type billingV1 } from '@shelfscan/contracts';
import { Clock, DAY, SystemParameters, istanbulDate, istanbulMidnight } from '@shelfscan/service';
import { DataSource, type EntityManager } from 'typeorm';
import { addressLine, CardsRepository, type CardRecord } from '../cards/cards.repository.js';
import type { SettleOptions } from '../charges/charge-steps.js';
import { ChargesService } from '../charges/charges.service.js';
import { ThreeDsService } from '../charges/three-ds.service.js';
import { FxRates } from '../fx/fx-rates.js';
import { InvoicesRepository } from '../invoices/invoices.repository.js';
import {
  computeCharge,
  firstOfNextMonth,
  minorToDecimal,
  type Breakdown,
  type Rate,
} from '../money/money.js';
import { PromotionsRepository } from '../promotions/promotions.repository.js';
import { PromotionsService } from '../promotions/promotions.service.js';
import { isFeature, monthlyFeeUsdCents } from './plan-catalogue.js';
import { SubscriptionsRepository, type SubscriptionRecord } from './subscriptions.repository.js';

/** The trial grants every feature for one day. */
const TRIAL_FEATURES = ['standard', 'deep', 'functional'];

/**
 * Buying, cancelling and listing plans, the free trial, and the breakdown of a price. A plan
 * runs from today to the 1st of next month (Europe/Istanbul), prorated, then renews monthly.
 */
@Injectable()
export class PlansService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SystemParameters) private readonly parameters: SystemParameters,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(SubscriptionsRepository) private readonly subscriptions: SubscriptionsRepository,
    @Inject(CardsRepository) private readonly cards: CardsRepository,
    @Inject(InvoicesRepository) private readonly invoices: InvoicesRepository,
    @Inject(PromotionsRepository) private readonly promotionsRepo: PromotionsRepository,
    @Inject(PromotionsService) private readonly promotions: PromotionsService,
    @Inject(ChargesService) private readonly charges: ChargesService,
    @Inject(ThreeDsService) private readonly threeDs: ThreeDsService,
    @Inject(FxRates) private readonly fx: FxRates,
  ) {}

  async userPlans(email: string): Promise<billingV1.UserPlan[]> {
    return (await this.subscriptions.ofUser(email)).map(toPlanMessage);
  }

  /** The breakdown of buying these features today with this code, and every reason the code does not apply. */
  async summary(req: billingV1.PromotionSummaryRequest): Promise<billingV1.PromotionSummaryResponse> {
    checkFeatures(req.features);
    const today = istanbulDate(this.clock.now());
    const plain = computeCharge({
      monthlyFeeUsdCents: monthlyFeeUsdCents(this.parameters),
      today,
      rate: null,
    });
    let reasons: string[] = [];
    let promotion = null;
    if (req.promotionCode.trim()) {
      const r = await this.promotions.evaluate(req.promotionCode, {
        email: req.email,
        today,
        basketUsdCents: plain.usdCents,
      });
      reasons = r.reasons;
      if (!reasons.length) promotion = r.promotion;
    }
    let rate: Rate | null = null;
    let unavailableReason = '';
    try {
      rate = await this.fx.rateFor(today);
    } catch (err) {
      if (!(err instanceof BusError)) throw err;
      unavailableReason = err.reason ?? err.message;
    }
    const breakdown = computeCharge({
      monthlyFeeUsdCents: monthlyFeeUsdCents(this.parameters),
      today,
      promotion,
      rate,
    });
    return {
      $typeName: 'shelfscan.billing.v1.PromotionSummaryResponse',
      breakdown: toBreakdownMessage(breakdown),
      reasons,
      applies: !!promotion,
      unavailableReason: breakdown.tryKurus === null ? unavailableReason : '',
    };
  }

  async subscribe(req: billingV1.SubscribeRequest): Promise<billingV1.SubscribeResponse> {
    checkFeatures(req.features);
    const now = this.clock.now();
    const today = istanbulDate(now);
    const email = req.email;
    const threeDs = req.threeDsCallbackUrl
      ? { callbackUrl: req.threeDsCallbackUrl, lang: req.lang === 'en' ? 'en' : 'tr' }
      : undefined;
    let open = await this.subscriptions.openPlan(email);
    if (open?.status === 'pending') {
      // An earlier checkout whose payment outcome is not known yet: finish it. One that only
      // waits for a 3-D Secure answer the user walked away from is dropped for this one.
      const invoice = await this.pendingInvoice(open);
      if (await this.invoices.hasUnresolved(invoice.id)) return this.settlePurchase(open, undefined, threeDs);
      await this.abandon(open, invoice.id);
      open = null;
    }
    if (open) throw new BusError('FAILED_PRECONDITION', 'planAlreadyActive', { reason: 'planAlreadyActive' });

    const fee = monthlyFeeUsdCents(this.parameters);
    const plain = computeCharge({ monthlyFeeUsdCents: fee, today, rate: null });
    let promotion = null;
    if (req.promotionCode.trim()) {
      const r = await this.promotions.evaluate(req.promotionCode, {
        email,
        today,
        basketUsdCents: plain.usdCents,
      });
      if (r.reasons.length)
        throw new BusError('FAILED_PRECONDITION', r.reasons[0]!, { reason: r.reasons[0] });
      promotion = r.promotion;
    }
    const usdOnly = computeCharge({ monthlyFeeUsdCents: fee, today, promotion, rate: null });
    const card = await this.cards.find(email);
    if (usdOnly.netUsdCents > 0n && !card)
      throw new BusError('FAILED_PRECONDITION', 'noCardFound', {
        reason: 'noCardFound',
      });
    const rate = usdOnly.netUsdCents > 0n ? await this.fx.rateFor(today) : null;
    const breakdown = computeCharge({ monthlyFeeUsdCents: fee, today, promotion, rate });

    const periodStart = istanbulMidnight(today);
    const periodEnd = istanbulMidnight(firstOfNextMonth(today));
    const features = [...new Set(req.features)];
    const sub = await this.dataSource.transaction(async (m) => {
      const s = await this.subscriptions.insertPending(m, {
        email,
        features,
        periodStart,
        periodEnd,
        lang: req.lang === 'en' ? 'en' : 'tr',
        now,
      });
      if (!s)
        throw new BusError('FAILED_PRECONDITION', 'planAlreadyActive', {
          reason: 'planAlreadyActive',
        });
      if (promotion) {
        const taken = await this.promotionsRepo.redeem(m, {
          promotionId: promotion.id,
          email,
          subscriptionId: s.id,
          today,
        });
        if (!taken)
          throw new BusError('FAILED_PRECONDITION', 'promotionUsedUp', {
            reason: 'promotionUsedUp',
          });
        await this.subscriptions.setPromotion(m, s.id, promotion.id);
      }
      await this.invoices.draft(
        m,
        {
          subscriptionId: s.id,
          userEmail: email,
          period: today.slice(0, 7),
          usdCents: breakdown.usdCents,
          discountUsdCents: breakdown.discountUsdCents,
          rate: breakdown.rate ? minorToDecimal(breakdown.rate.units4, 4) : null,
          bulletinDate: breakdown.rate?.bulletinDate ?? null,
          tryKurus: breakdown.tryKurus ?? 0n,
          description: `ShelfScan ${features.join(', ')} ${today.slice(0, 7)}`,
          periodStart,
          periodEnd,
          buyer: { name: card?.holderName ?? email, address: addressLine(card?.billing), email },
        },
        now,
      );
      return s;
    });
    return this.settlePurchase(sub, breakdown, threeDs);
  }

  private async pendingInvoice(sub: SubscriptionRecord) {
    const period = istanbulDate(sub.periodStart).slice(0, 7);
    const invoice = await this.invoices.bySubscriptionPeriod(sub.id, period);
    if (!invoice) throw new Error(`pending subscription ${sub.id} has no invoice`);
    return invoice;
  }

  /** A purchase that did not go through: the plan inactive, the promotion's use given back. */
  private async abandon(sub: SubscriptionRecord, invoiceId: string): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await this.invoices.supersedeThreeDs(m, invoiceId, this.clock.now());
      await this.promotionsRepo.release(m, sub.id);
      await this.subscriptions.setStatus(m, sub.id, 'inactive');
    });
  }

  private purchaseOptions(sub: SubscriptionRecord, card: CardRecord | null): SettleOptions {
    return {
      card,
      itemName: `ShelfScan ${sub.features.join(', ')}`,
      features: sub.features,
      onPaid: (m) => this.activate(m, sub, sub.periodStart, sub.periodEnd),
    };
  }

  private async settlePurchase(
    sub: SubscriptionRecord,
    breakdown?: Breakdown,
    threeDs?: SettleOptions['threeDs'],
  ): Promise<billingV1.SubscribeResponse> {
    const invoice = await this.pendingInvoice(sub);
    const result = await this.charges.settle(invoice, {
      ...this.purchaseOptions(sub, await this.cards.find(sub.userEmail)),
      threeDs,
    });
    this.relay.nudge();
    if (!result.paid && result.threeDs) {
      return {
        $typeName: 'shelfscan.billing.v1.SubscribeResponse',
        plan: toPlanMessage(sub),
        breakdown: breakdown ? toBreakdownMessage(breakdown) : undefined,
        conversationId: result.conversationId,
        threeDs: { $typeName: 'shelfscan.billing.v1.ThreeDsChallenge', ...result.threeDs },
      };
    }
    if (!result.paid) {
      await this.abandon(sub, invoice.id);
      const d = result.decline;
      const reason = d.threeDsRequired ? 'threeDsRequired' : 'paymentFailed';
      throw new BusError('FAILED_PRECONDITION', reason, { reason, detail: d.errorMessage });
    }
    const plan = (await this.subscriptions.byId(sub.id))!;
    return {
      $typeName: 'shelfscan.billing.v1.SubscribeResponse',
      plan: toPlanMessage(plan),
      breakdown: breakdown
        ? toBreakdownMessage(breakdown)
        : {
            $typeName: 'shelfscan.billing.v1.Breakdown',
            usdCents: invoice.usdCents,
            discountUsdCents: invoice.discountUsdCents,
            netUsdCents: invoice.usdCents - invoice.discountUsdCents,
            rate: invoice.rate ?? '',
            bulletinDate: invoice.bulletinDate ?? '',
            tryKurus: invoice.tryKurus,
            daysCharged: 0,
            daysInMonth: 0,
          },
      conversationId: result.conversationId,
    };
  }

  /** The bank's page of a 3-D Secure start, once per token. */
  async threeDsPage(req: billingV1.GetThreeDsPageRequest): Promise<billingV1.GetThreeDsPageResponse> {
    const page = await this.threeDs.page(req.conversationId, req.token);
    const lang = page?.lang ?? (await this.invoices.attempt(req.conversationId))?.lang ?? 'tr';
    return {
      $typeName: 'shelfscan.billing.v1.GetThreeDsPageResponse',
      html: page?.html ?? '',
      lang,
      reason: page ? '' : 'threeDsExpired',
    };
  }

  /** The bank's 3-D Secure answer: the purchase is paid and the plan activated once, or it failed. */
  async completeThreeDs(req: billingV1.CompleteThreeDsRequest): Promise<billingV1.CompleteThreeDsResponse> {
    const answer = (
      lang: string,
      r: { paid: boolean; conversationId: string; reason?: string; message?: string },
    ) => ({
      $typeName: 'shelfscan.billing.v1.CompleteThreeDsResponse' as const,
      paid: r.paid,
      conversationId: r.conversationId,
      lang,
      reason: r.reason ?? '',
      message: r.message ?? '',
    });
    const attempt = await this.invoices.attempt(req.conversationId);
    if (!attempt) return answer('tr', { paid: false, conversationId: '', reason: 'threeDsExpired' });
    const invoice = await this.invoices.invoiceById(attempt.invoiceId);
    const sub = (await this.subscriptions.byId(invoice.subscriptionId))!;
    const result = await this.threeDs
      .complete(
        attempt,
        {
          conversationId: req.conversationId,
          paymentId: req.paymentId,
          conversationData: req.conversationData,
          status: req.status,
          mdStatus: req.mdStatus,
        },
        this.purchaseOptions(sub, await this.cards.find(sub.userEmail)),
      )
      .catch((err: unknown) => {
        if (err instanceof BusError)
          return {
            paid: false as const,
            conversationId: attempt.conversationId,
            reason: err.reason ?? 'systemError',
            message: '',
          };
        throw err;
      });
    this.relay.nudge();
    // The bank or the provider said no to this very attempt: the purchase failed.
    if (!result.paid && (result.reason === 'threeDsDeclined' || result.reason === 'paymentFailed')) {
      const current = await this.subscriptions.byId(sub.id);
      if (current?.status === 'pending') await this.abandon(sub, invoice.id);
    }
    return answer(attempt.lang, result);
  }

  /** An admin grants a plan by hand (recorded who and why); PlanActivated carries both. */
  async grant(req: billingV1.GrantPlanRequest, admin: string): Promise<billingV1.UserPlan> {
    const violations: { field: string; msg: string }[] = [];
    const features = [...new Set(req.features.map((f) => f.toLowerCase()))];
    if (!features.length || !features.every(isFeature))
      violations.push({ field: 'features', msg: 'featuresInvalid' });
    const today = istanbulDate(this.clock.now());
    if (!/^\d{4}-\d{2}-\d{2}$/.test(req.periodEnd))
      violations.push({ field: 'periodEnd', msg: 'dateInvalid' });
    else if (req.periodEnd <= today) violations.push({ field: 'periodEnd', msg: 'periodEndPast' });
    if (!req.reason.trim()) violations.push({ field: 'reason', msg: 'required' });
    if (!/^[^@\s]+@[^@\s]+$/.test(req.email)) violations.push({ field: 'email', msg: 'emailInvalid' });
    if (violations.length) throw new BusError('INVALID_ARGUMENT', 'invalidFields', { violations });
    const now = this.clock.now();
    const sub = await this.dataSource.transaction(async (m) => {
      const s = await this.subscriptions.insertGranted(m, {
        email: req.email.toLowerCase(),
        features,
        periodStart: now,
        periodEnd: istanbulMidnight(req.periodEnd),
        grantedBy: admin,
        reason: req.reason.trim(),
        now,
      });
      await this.activate(m, s, s.periodStart, s.periodEnd);
      return s;
    });
    this.relay.nudge();
    return toPlanMessage((await this.subscriptions.byId(sub.id))!);
  }

  /** An admin ends a user's plan now (PlanExpired revoked); no money moves (refunds are apart). */
  async revoke(req: billingV1.RevokePlanRequest, admin: string): Promise<billingV1.UserPlan> {
    if (!req.reason.trim())
      throw new BusError('INVALID_ARGUMENT', 'invalidFields', {
        violations: [{ field: 'reason', msg: 'required' }],
      });
    const sub = /^[0-9a-f-]{36}$/i.test(req.subscriptionId)
      ? await this.dataSource.transaction(async (m) => {
          const s = await this.subscriptions.revoke(m, {
            email: req.email.toLowerCase(),
            id: req.subscriptionId,
            revokedBy: admin,
            reason: req.reason.trim(),
          });
          if (s)
            await addToOutbox(m, billingEventsV1.PlanExpiredSchema, {
              subscriptionId: s.id,
              userEmail: s.userEmail,
              reason: 'revoked',
            });
          return s;
        })
      : null;
    if (!sub) throw new BusError('NOT_FOUND', 'packageNotFound', { reason: 'packageNotFound' });
    this.relay.nudge();
    return toPlanMessage(sub);
  }

  /** Active for the period; PlanActivated in the same transaction. */
  async activate(
    m: EntityManager,
    sub: SubscriptionRecord,
    periodStart: Date,
    periodEnd: Date,
  ): Promise<void> {
    const s = await this.subscriptions.activate(m, sub.id, periodStart, periodEnd);
    await addToOutbox(m, billingEventsV1.PlanActivatedSchema, {
      subscriptionId: s.id,
      userEmail: s.userEmail,
      features: s.features,
      trial: s.trial,
      periodStart: s.periodStart.toISOString(),
      periodEnd: s.periodEnd.toISOString(),
      grantedBy: s.grantedBy ?? '',
      grantReason: s.grantReason ?? '',
    });
  }

  /** Cancel: usable until its end date, not renewed. */
  async cancel(email: string): Promise<billingV1.UserPlan> {
    const open = await this.subscriptions.openPlan(email);
    if (!open || open.status === 'pending' || open.status === 'cancelled')
      throw new BusError('NOT_FOUND', 'packageNotFound', { reason: 'packageNotFound' });
    await this.dataSource.transaction(async (m) => {
      if (open.status === 'past_due') {
        await this.subscriptions.setStatus(m, open.id, 'inactive');
        await addToOutbox(m, billingEventsV1.PlanExpiredSchema, {
          subscriptionId: open.id,
          userEmail: email,
          reason: 'ended',
        });
      } else {
        await this.subscriptions.setStatus(m, open.id, 'cancelled', this.clock.now());
        await addToOutbox(m, billingEventsV1.PlanCancelledSchema, {
          subscriptionId: open.id,
          userEmail: email,
          periodEnd: open.periodEnd.toISOString(),
        });
      }
    });
    this.relay.nudge();
    return toPlanMessage((await this.subscriptions.byId(open.id))!);
  }

  async phoneVerified(m: EntityManager, email: string, phone: string): Promise<void> {
    await this.subscriptions.recordVerifiedPhone(m, email.toLowerCase(), phone);
  }

  /** The free one-day trial: once per user and per phone number, after phone verification. */
  async startTrial(email: string): Promise<billingV1.UserPlan> {
    const phone = await this.subscriptions.verifiedPhone(email);
    if (!phone)
      throw new BusError('FAILED_PRECONDITION', 'phoneNotVerified', {
        reason: 'phoneNotVerified',
      });
    const refused = () =>
      new BusError('FAILED_PRECONDITION', 'trialAlreadyUsed', { reason: 'trialAlreadyUsed' });
    if (await this.subscriptions.hadTrial(email, phone)) throw refused();
    const now = this.clock.now();
    const sub = await this.dataSource.transaction(async (m) => {
      const s = await this.subscriptions.insertTrial(m, {
        email,
        features: TRIAL_FEATURES,
        periodStart: now,
        periodEnd: new Date(now.getTime() + DAY),
        now,
      });
      if (!(await this.subscriptions.recordTrial(m, { email, phone, subscriptionId: s.id, now })))
        throw refused();
      await this.activate(m, s, s.periodStart, s.periodEnd);
      return s;
    });
    this.relay.nudge();
    return toPlanMessage((await this.subscriptions.byId(sub.id))!);
  }
}

function checkFeatures(features: string[]): void {
  if (!features.length || !features.every(isFeature))
    throw new BusError('NOT_FOUND', 'packageNotFound', { reason: 'packageNotFound' });
}

export function toPlanMessage(s: SubscriptionRecord): billingV1.UserPlan {
  return {
    $typeName: 'shelfscan.billing.v1.UserPlan',
    id: s.id,
    features: s.features,
    trial: s.trial,
    status: s.status,
    startDate: s.trial ? s.periodStart.toISOString() : istanbulDate(s.periodStart),
    endDate: s.trial ? s.periodEnd.toISOString() : istanbulDate(s.periodEnd),
    autoRenew: !s.trial && !s.grantedBy && (s.status === 'active' || s.status === 'past_due'),
    grantedBy: s.grantedBy ?? '',
    grantReason: s.grantReason ?? '',
  };
}

export function toBreakdownMessage(b: Breakdown): billingV1.Breakdown {
  return {
    $typeName: 'shelfscan.billing.v1.Breakdown',
    usdCents: b.usdCents,
    discountUsdCents: b.discountUsdCents,
    netUsdCents: b.netUsdCents,
    rate: b.rate ? minorToDecimal(b.rate.units4, 4) : '',
    bulletinDate: b.rate?.bulletinDate ?? '',
    tryKurus: b.tryKurus ?? -1n,
    daysCharged: b.daysCharged,
    daysInMonth: b.daysInMonth,
  };
}
