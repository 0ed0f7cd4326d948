/** What we send the provider to store a card: the number and CVC go no further than the provider. */
export interface CardDetails {
  holderName: string;
  number: string;
  expireMonth: string;
  expireYear: string;
  cvc: string;
  alias: string;
  email: string;
}

/** What the provider gives back for a stored card: the only card data we keep. */
export interface StoredCard {
  cardUserKey: string;
  cardToken: string;
  lastFour: string;
  brand: string;
}

export interface Buyer {
  email: string;
  name: string;
  address: string;
  city: string;
  country: string;
  zipCode: string;
}

export interface ChargeRequest {
  /** Our payment attempt id, written before the call; the way to find the payment again. */
  conversationId: string;
  /** TRY, 2 decimals ("79.07"). */
  price: string;
  card: { cardUserKey: string; cardToken: string };
  buyer: Buyer;
  /** The basket: one line per feature of the plan; their prices add up exactly to `price`. */
  item: { id: string; name: string; features: string[] };
  /** "tr" or "en": the language of the provider's and the bank's texts. */
  locale?: string;
}

export interface ThreeDsRequest extends ChargeRequest {
  /** Where the bank posts its answer (the gateway's public callback route). */
  callbackUrl: string;
}

/** 3-D Secure started: the bank's page to show the user (HTML), and the provider's payment id. */
export type ThreeDsStart = { ok: true; paymentId: string; html: string } | Decline;

/** What the bank posted back to the callback URL (iyzico's field names). */
export interface ThreeDsCallback {
  conversationId: string;
  paymentId: string;
  conversationData: string;
}

/** A cancel or refund: done, or refused by the provider (with its reason). */
export type ReversalOutcome = { ok: true } | { ok: false; errorCode: string; errorMessage: string };

export interface Decline {
  ok: false;
  errorCode: string;
  errorMessage: string;
  errorGroup: string;
  /** Lost, stolen, fraud, expired…: never retried. */
  hardDecline: boolean;
  /** iyzico 5010: the bank wants 3-D Secure. */
  threeDsRequired: boolean;
}

export type ChargeOutcome = { ok: true; paymentId: string } | Decline;

/**
 * The outcome is unknown: the provider did not answer in time, the connection broke, or its answer
 * was not signed as it must be. The payment may or may not exist (look it up before retrying).
 */
export class ProviderTimeoutError extends Error {
  constructor(message = 'the payment provider did not answer in time') {
    super(message);
    this.name = 'ProviderTimeoutError';
  }
}

/** The provider refused to store a card (invalid number, expired…). */
export class CardRejectedError extends Error {
  constructor(
    message: string,
    readonly errorCode: string,
  ) {
    super(message);
    this.name = 'CardRejectedError';
  }
}

/**
 * The payment provider port: card storage and charges of stored cards. Adapters: `sandbox`
 * (built in) and `iyzico`. Declines come back as outcomes; only transport failures throw.
 */
export abstract class PaymentProvider {
  abstract storeCard(card: CardDetails, cardUserKey?: string): Promise<StoredCard>;
  abstract deleteCard(cardUserKey: string, cardToken: string): Promise<void>;
  abstract charge(request: ChargeRequest): Promise<ChargeOutcome>;
  /** The payment made with this conversationId, or null when there is none (or it never completed). */
  abstract retrieve(conversationId: string): Promise<ChargeOutcome | null>;
  /** Starts a 3-D Secure payment of a stored card: nothing is charged until `completeThreeDs`. */
  abstract initThreeDs(request: ThreeDsRequest): Promise<ThreeDsStart>;
  /** Charges a 3-D Secure payment the bank verified (iyzico's /payment/3dsecure/auth). */
  abstract completeThreeDs(callback: ThreeDsCallback, locale?: string): Promise<ChargeOutcome>;
  /** Cancels a whole payment of today (nothing reaches the card statement). */
  abstract cancel(p: { conversationId: string; paymentId: string; reason: string }): Promise<ReversalOutcome>;
  /** Refunds part or all of an earlier payment (TRY, 2 decimals). */
  abstract refund(p: { conversationId: string; paymentId: string; price: string }): Promise<ReversalOutcome>;
}

/** Splits kuruş into `parts` basket lines that add up exactly (the first lines take the remainder). */
export function splitKurus(total: bigint, parts: number): bigint[] {
  const n = BigInt(Math.max(parts, 1));
  const base = total / n;
  const rest = total % n;
  return Array.from({ length: Number(n) }, (_, i) => base + (BigInt(i) < rest ? 1n : 0n));
}

/** The errorGroup values of iyzico's declines that must never be retried. */
export const HARD_DECLINE_GROUPS = new Set(['LOST_CARD', 'STOLEN_CARD', 'FRAUD_SUSPECT', 'EXPIRED_CARD']);
