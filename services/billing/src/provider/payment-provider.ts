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
  item: { id: string; name: string };
}

export type ChargeOutcome =
  | { ok: true; paymentId: string }
  | {
      ok: false;
      errorCode: string;
      errorMessage: string;
      errorGroup: string;
      /** Lost, stolen, fraud, expired…: never retried. */
      hardDecline: boolean;
      /** iyzico 5010: the bank wants 3-D Secure. */
      threeDsRequired: boolean;
    };

/** The provider did not answer in time: the payment may or may not exist (look it up before retrying). */
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
  /** The payment made with this conversationId, or null when there is none. */
  abstract retrieve(conversationId: string): Promise<ChargeOutcome | null>;
}

/** The errorGroup values of iyzico's declines that must never be retried. */
export const HARD_DECLINE_GROUPS = new Set(['LOST_CARD', 'STOLEN_CARD', 'FRAUD_SUSPECT', 'EXPIRED_CARD']);
