import { Inject, Injectable } from '@nestjs/common';
import { BusClient } from '@shelfscan/bus';
import { billingV1 } from '@shelfscan/contracts';
import { currentLang } from '../common/i18n.js';
import type { CardDto, PlanRequestDto, PromotionDto } from './billing.dto.js';

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
    period: p.period,
    errorMessage: p.errorMessage || null,
    userEmail: p.userEmail,
  };
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
  constructor(@Inject(BusClient) private readonly bus: BusClient) {}

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

  async subscribe(email: string, dto: PlanRequestDto) {
    const r = await this.bus.request(B.method.subscribe, {
      email,
      features: featuresOf(dto),
      promotionCode: dto.promotionCode ?? '',
      lang: currentLang(),
    });
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
      cardNumber: dto.cardNumber,
      expireMonth: dto.expireMonth.padStart(2, '0'),
      expireYear: dto.expireYear,
      cvc: dto.cvc,
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

  /** The user's payments; with `email` empty (admins), everyone's. */
  async payments(email: string) {
    return (await this.bus.request(B.method.listPayments, { email })).payments.map(payment);
  }

  async payment(email: string, conversationId: string) {
    return payment((await this.bus.request(B.method.getPayment, { email, conversationId })).payment);
  }

  async invoicePdf(email: string, conversationId: string) {
    const r = await this.bus.request(B.method.getInvoicePdf, { email, conversationId, lang: currentLang() });
    return { content: Buffer.from(r.content), fileName: r.fileName };
  }

  async promotions() {
    return (await this.bus.request(B.method.listPromotions, {})).promotions.map(promotion);
  }

  async savePromotion(dto: PromotionDto, id = '') {
    const r = await this.bus.request(B.method.savePromotion, {
      promotion: {
        id,
        code: dto.code,
        description: dto.description ?? '',
        value: dto.value,
        type: dto.type,
        minimumBasket: dto.minimumBasket ?? '0',
        count: dto.count,
        expiryDate: dto.expiryDate ?? '',
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
