import { Inject, Injectable } from '@nestjs/common';
import { BusClient } from '@shelfscan/bus';
import { billingV1 } from '@shelfscan/contracts';
import type { JwtUser } from '../auth/jwt.strategy.js';
import { currentLang } from '../common/i18n.js';
import type {
  CardDto,
  GrantPlanDto,
  PlanRequestDto,
  PromotionDto,
  RefundDto,
  ThreeDsCallbackDto,
} from './billing.dto.js';
import { CardSealer } from './card-sealer.js';

const { BillingService: B } = billingV1;

/** Minor units → "12.50" (the service computes every amount; this only prints it). */
function decimal(minor: bigint): string {
  const neg = minor < 0n;
  const abs = neg ? -minor : minor;
  return `${neg ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

function breakdown(b: billingV1.Breakdown | undefined) {
  if (!b) return null;
  const known = b.tryKurus >= 0n;
  return {
    usd: decimal(b.usdCents),
    discountUsd: decimal(b.discountUsdCents),
    netUsd: decimal(b.netUsdCents),
    usdCents: Number(b.usdCents),
    discountUsdCents: Number(b.discountUsdCents),
    netUsdCents: Number(b.netUsdCents),
    rate: b.rate || null,
    bulletinDate: b.bulletinDate || null,
    try: known ? decimal(b.tryKurus) : null,
    tryKurus: known ? Number(b.tryKurus) : null,
    daysCharged: b.daysCharged,
    daysInMonth: b.daysInMonth,
  };
}

function userPlan(p: billingV1.UserPlan) {
  return {
    id: p.id,
    features: p.features,
    plan: { trial: p.trial, features: p.features },
    trial: p.trial,
    status: p.status,
    startDate: p.startDate,
    endDate: p.endDate,
    autoRenew: p.autoRenew,
    grantedBy: p.grantedBy || null,
    grantReason: p.grantReason || null,
  };
}

function card(c: billingV1.Card | undefined) {
  return c
    ? {
        id: c.id,
        cardAlias: c.alias,
        cardHolderName: c.holderName,
        lastFourDigits: c.lastFour,
        cardAssociation: c.brand,
        expireMonth: c.expireMonth,
        expireYear: c.expireYear,
        billing: c.billing
          ? {
              address: c.billing.address,
              zipCode: c.billing.zipCode,
              contactName: c.billing.contactName,
              city: c.billing.city,
              country: c.billing.country,
              region: c.billing.region || null,
              regionName: c.billing.regionName || null,
            }
          : null,
      }
    : null;
}

function payment(p: billingV1.Payment | undefined) {
  if (!p) return null;
  return {
    conversationId: p.conversationId,
    date: p.createdAt,
    amount: decimal(p.tryKurus),
    currency: 'TRY',
    usd: decimal(p.usdCents),
    discountUsd: decimal(p.discountUsdCents),
    rate: p.rate || null,
    bulletinDate: p.bulletinDate || null,
    status: p.status,
    invoiceStatus: p.invoiceStatus,
    invoiceNumber: p.invoiceNumber ? Number(p.invoiceNumber) : null,
    description: p.description,
    // The plan's features: the web words the invoice line from them in the reader's language.
    features: p.features,
    period: p.period,
    errorMessage: p.errorMessage || null,
    userEmail: p.userEmail,
    // VAT (KDV) included in the amount, as billing computes it for the invoice and its PDF.
    vatPercent: p.vatPercent || null,
    vat: p.vatPercent ? decimal(p.vatKurus) : null,
    refunded: decimal(p.refundedTryKurus),
    refunds: p.refunds.map((r) => ({
      kind: r.kind,
      amount: decimal(r.tryKurus),
      reason: r.reason,
      refundedBy: r.refundedBy,
      date: r.createdAt,
    })),
  };
}

/** The caller as billing checks it again (admin routes): the token's subject and roles. */
const callerOf = (user: JwtUser) => ({ email: user.sub, roles: user.roles });

/** Where the SPA shows the end of a 3-D Secure payment, in the user's language (English under /us). */
export function threeDsLanding(
  lang: string,
  r: { paid: boolean; conversationId: string; reason: string },
): string {
  const prefix = lang === 'en' ? '/us' : '';
  return r.paid
    ? `${prefix}/payment/addPlan/success?conversationId=${encodeURIComponent(r.conversationId)}`
    : `${prefix}/payment/addPlan?threeDsError=${encodeURIComponent(r.reason || 'threeDsDeclined')}`;
}

function promotion(p: billingV1.Promotion | undefined) {
  return p
    ? {
        id: p.id,
        code: p.code,
        description: p.description,
        value: p.value,
        type: p.type,
        minimumBasket: p.minimumBasket,
        count: p.count,
        used: p.used,
        expiryDate: p.expiryDate || null,
        active: p.active,
      }
    : null;
}

/** The plan's features: `features`, else `[plan]`. */
function featuresOf(dto: PlanRequestDto): string[] {
  const list = dto.features?.length ? dto.features : dto.plan ? [dto.plan] : [];
  return [...new Set(list.map((f) => f.toLowerCase()))];
}

/**
 * Billing calls: each one bus request to the billing service, its answer shaped for the web app.
 * Bus errors are not caught here: the exception filter maps them to HTTP answers.
 */
@Injectable()
export class BillingGatewayService {
  constructor(
    @Inject(BusClient) private readonly bus: BusClient,
    @Inject(CardSealer) private readonly sealer: CardSealer,
  ) {}

  async plans() {
    const { plans } = await this.bus.request(B.method.listPlans, {});
    return plans.map((p) => ({
      planCode: p.feature,
      feature: p.feature,
      description: p.description,
      price: decimal(p.monthlyFeeUsdCents),
      currency: 'USD',
      dailySearchLimit: p.dailySearchLimit,
      monthlySearchLimit: p.monthlySearchLimit,
      asinLimit: p.asinLimit,
    }));
  }

  async userPlans(email: string) {
    return (await this.bus.request(B.method.getUserPlans, { email })).plans.map(userPlan);
  }

  /**
   * Buys a plan. When the bank asks for 3-D Secure, the answer is where to send the browser:
   * {threeDSecure: {conversationId, redirectUrl}} (the bank's page behind a one-time token).
   */
  async subscribe(email: string, dto: PlanRequestDto, callbackUrl: string) {
    const r = await this.bus.request(B.method.subscribe, {
      email,
      features: featuresOf(dto),
      promotionCode: dto.promotionCode ?? '',
      lang: currentLang(),
      threeDsCallbackUrl: callbackUrl,
    });
    if (r.threeDs)
      return {
        threeDSecure: {
          conversationId: r.threeDs.conversationId,
          redirectUrl: `/api/payment/3ds/${r.threeDs.conversationId}?t=${encodeURIComponent(r.threeDs.token)}`,
        },
      };
    return {
      plan: r.plan ? userPlan(r.plan) : null,
      breakdown: breakdown(r.breakdown),
      conversationId: r.conversationId || null,
    };
  }

  async cancel(email: string) {
    const { plan } = await this.bus.request(B.method.cancelPlan, { email });
    return plan ? userPlan(plan) : null;
  }

  async startTrial(email: string) {
    const { plan } = await this.bus.request(B.method.startTrial, { email });
    return plan ? userPlan(plan) : null;
  }

  async card(email: string) {
    return card((await this.bus.request(B.method.getCard, { email })).card);
  }

  async saveCard(email: string, dto: CardDto) {
    const r = await this.bus.request(B.method.saveCard, {
      email,
      holderName: dto.cardHolderName,
      // The number and CVC cross the bus sealed for billing only.
      sealedCard: await this.sealer.seal(email, dto.cardNumber, dto.cvc),
      expireMonth: dto.expireMonth,
      expireYear: dto.expireYear,
      billing: dto.billing,
      lang: currentLang(),
    });
    return card(r.card);
  }

  async deleteCard(email: string, id: string): Promise<void> {
    await this.bus.request(B.method.deleteCard, { email, id });
  }

  async summary(email: string, dto: PlanRequestDto) {
    const r = await this.bus.request(B.method.promotionSummary, {
      email,
      features: featuresOf(dto),
      promotionCode: dto.promotionCode ?? '',
    });
    return {
      breakdown: breakdown(r.breakdown),
      applies: r.applies,
      reasons: r.reasons,
      unavailableReason: r.unavailableReason || null,
    };
  }

  /** The user's payments, all of them. */
  async payments(email: string) {
    return (await this.bus.request(B.method.listPayments, { email })).payments.map(payment);
  }

  /** Admin: anyone's payments (`email` empty = everyone's), filtered, a page of `size` (20) with the total. */
  async allPayments(
    filter: { email?: string; status?: string; from?: string; to?: string; page?: number; size?: number },
    admin: JwtUser,
  ) {
    const r = await this.bus.request(B.method.listPayments, {
      email: filter.email ?? '',
      status: filter.status ?? '',
      from: filter.from ?? '',
      to: filter.to ?? '',
      page: filter.page ?? 0,
      size: filter.size ?? 20,
      caller: callerOf(admin),
    });
    return { items: r.payments.map(payment), total: r.total };
  }

  async payment(email: string, conversationId: string, admin?: JwtUser) {
    const caller = admin ? callerOf(admin) : undefined;
    return payment((await this.bus.request(B.method.getPayment, { email, conversationId, caller })).payment);
  }

  async invoicePdf(email: string, conversationId: string, admin?: JwtUser) {
    const caller = admin ? callerOf(admin) : undefined;
    const r = await this.bus.request(B.method.getInvoicePdf, {
      email,
      conversationId,
      lang: currentLang(),
      caller,
    });
    return { content: Buffer.from(r.content), fileName: r.fileName };
  }

  /** The bank's 3-D Secure page (once per token); empty html and a landing URL when gone. */
  async threeDsPage(conversationId: string, token: string) {
    const r = await this.bus.request(B.method.getThreeDsPage, { conversationId, token });
    return {
      html: r.html,
      landing: threeDsLanding(r.lang, { paid: false, conversationId, reason: r.reason }),
    };
  }

  /** The bank's answer: completes the payment through billing; answers where the browser lands. */
  async completeThreeDs(dto: ThreeDsCallbackDto): Promise<string> {
    const r = await this.bus.request(B.method.completeThreeDs, {
      conversationId: dto.conversationId ?? '',
      paymentId: dto.paymentId ?? '',
      conversationData: dto.conversationData ?? '',
      status: dto.status ?? '',
      mdStatus: dto.mdStatus ?? '',
    });
    return threeDsLanding(r.lang, r);
  }

  async refund(admin: JwtUser, conversationId: string, dto: RefundDto) {
    const r = await this.bus.request(B.method.refundPayment, {
      caller: callerOf(admin),
      conversationId,
      reason: dto.reason,
      amountKurus: BigInt(dto.amountKurus ?? 0),
    });
    return { kind: r.kind, refunded: decimal(r.refundedTryKurus), payment: payment(r.payment) };
  }

  async grantPlan(admin: JwtUser, email: string, dto: GrantPlanDto) {
    const r = await this.bus.request(B.method.grantPlan, {
      caller: callerOf(admin),
      email,
      features: dto.features,
      periodEnd: dto.periodEnd,
      reason: dto.reason,
    });
    return r.plan ? userPlan(r.plan) : null;
  }

  async revokePlan(admin: JwtUser, email: string, subscriptionId: string, reason: string) {
    const r = await this.bus.request(B.method.revokePlan, {
      caller: callerOf(admin),
      email,
      subscriptionId,
      reason,
    });
    return r.plan ? userPlan(r.plan) : null;
  }

  async promotions() {
    return (await this.bus.request(B.method.listPromotions, {})).promotions.map(promotion);
  }

  async savePromotion(dto: PromotionDto, id = '') {
    const r = await this.bus.request(B.method.savePromotion, {
      promotion: {
        id,
        code: dto.code,
        description: dto.description,
        value: dto.value,
        type: dto.type,
        minimumBasket: dto.minimumBasket || '0',
        count: dto.count,
        expiryDate: dto.expiryDate,
        active: dto.active ?? true,
      },
    });
    return promotion(r.promotion);
  }

  async deletePromotion(id: string): Promise<void> {
    await this.bus.request(B.method.deletePromotion, { id });
  }

  async runRenewal(date: string | undefined) {
    const r = await this.bus.request(B.method.runRenewal, { date: date ?? '' });
    return { ran: r.ran, charged: r.charged, failed: r.failed, expired: r.expired };
  }
}
