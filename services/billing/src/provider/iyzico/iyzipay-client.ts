import { createHmac, timingSafeEqual } from 'node:crypto';
import Iyzipay from 'iyzipay';

/** Every iyzico answer: `status` says whether the call did what was asked; declines are `failure`. */
export interface IyzicoResult {
  status: 'success' | 'failure';
  errorCode?: string;
  errorMessage?: string;
  errorGroup?: string;
  locale?: string;
  systemTime?: number;
  conversationId?: string;
  signature?: string;
}

export interface IyzicoPayment extends IyzicoResult {
  paymentId?: string;
  price?: number;
  paidPrice?: number;
  currency?: string;
  basketId?: string;
  /** /payment/detail: SUCCESS, FAILURE, INIT_THREEDS, CALLBACK_THREEDS… */
  paymentStatus?: string;
  lastFourDigits?: string;
}

export interface IyzicoThreeDsInit extends IyzicoResult {
  paymentId?: string;
  /** Base64 of the bank's HTML page. */
  threeDSHtmlContent?: string;
}

export interface IyzicoCard extends IyzicoResult {
  cardUserKey?: string;
  cardToken?: string;
  binNumber?: string;
  lastFourDigits?: string;
  cardAssociation?: string;
  cardFamily?: string;
}

export interface IyzicoBuyer {
  id: string;
  name: string;
  surname: string;
  identityNumber: string;
  email: string;
  registrationAddress: string;
  city: string;
  country: string;
  zipCode: string;
  ip: string;
}

export interface IyzicoAddress {
  contactName: string;
  city: string;
  country: string;
  address: string;
  zipCode: string;
}

/** The body of /payment/auth and /payment/3dsecure/initialize: prices as 2-decimal strings. */
export interface IyzicoPaymentRequest {
  locale: string;
  conversationId: string;
  price: string;
  paidPrice: string;
  currency: 'TRY';
  installment: '1';
  basketId: string;
  paymentChannel: 'WEB';
  paymentGroup: 'SUBSCRIPTION' | 'PRODUCT';
  paymentCard: { cardUserKey: string; cardToken: string };
  buyer: IyzicoBuyer;
  billingAddress: IyzicoAddress;
  basketItems: { id: string; name: string; category1: string; itemType: 'VIRTUAL'; price: string }[];
  callbackUrl?: string;
}

/** No answer in time or a broken connection: whether the call took effect is not known. */
export class IyzicoTransportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IyzicoTransportError';
  }
}

/** An answer whose signature does not match: it is not trusted. */
export class IyzicoSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IyzicoSignatureError';
  }
}

/** iyzico's response signature: hex HMAC-SHA256 with the secret key over the fields joined by ':'. */
export function responseSignature(values: unknown[], secretKey: string): string {
  return createHmac('sha256', secretKey)
    .update(values.map((v) => (v === undefined || v === null ? '' : String(v))).join(':'))
    .digest('hex');
}

/** The fields each signed answer signs, in order (iyzipay's samples, verifySignature). */
const SIGNED = {
  payment: ['paymentId', 'currency', 'basketId', 'conversationId', 'paidPrice', 'price'],
  threeDsInit: ['paymentId', 'conversationId'],
  refund: ['paymentId', 'conversationId'],
} as const;

/**
 * A small typed, promise-returning wrapper of the official `iyzipay` SDK (callback API, no
 * types). The SDK signs each request (IYZWSv2: HMAC-SHA256 of random key + path + JSON body);
 * this wrapper adds what it lacks: a deadline (the SDK has none), and the check of the response
 * signature of payments, 3-D Secure starts and refunds (a bad or missing one is rejected).
 * Declines come back as results with `status: "failure"`, never as errors.
 */
export class IyzipayClient {
  private readonly sdk: Iyzipay;

  constructor(
    private readonly options: { apiKey: string; secretKey: string; baseUrl: string; timeoutMs: number },
  ) {
    this.sdk = new Iyzipay({ apiKey: options.apiKey, secretKey: options.secretKey, uri: options.baseUrl });
  }

  createCard(body: {
    locale: string;
    conversationId: string;
    email: string;
    cardUserKey?: string;
    card: {
      cardAlias: string;
      cardHolderName: string;
      cardNumber: string;
      expireMonth: string;
      expireYear: string;
    };
  }): Promise<IyzicoCard> {
    return this.call<IyzicoCard>((cb) => this.sdk.card.create(body, cb));
  }

  deleteCard(body: { locale: string; conversationId: string; cardUserKey: string; cardToken: string }) {
    return this.call<IyzicoResult>((cb) => this.sdk.card.delete(body, cb));
  }

  createPayment(body: IyzicoPaymentRequest): Promise<IyzicoPayment> {
    return this.call<IyzicoPayment>((cb) => this.sdk.payment.create(body, cb), SIGNED.payment);
  }

  /** /payment/detail by our conversationId (`paymentConversationId`). */
  retrievePayment(body: { locale: string; conversationId: string; paymentConversationId: string }) {
    return this.call<IyzicoPayment>((cb) => this.sdk.payment.retrieve(body, cb), SIGNED.payment);
  }

  threedsInitialize(body: IyzicoPaymentRequest & { callbackUrl: string }): Promise<IyzicoThreeDsInit> {
    return this.call<IyzicoThreeDsInit>(
      (cb) => this.sdk.threedsInitialize.create(body, cb),
      SIGNED.threeDsInit,
    );
  }

  threedsAuth(body: { locale: string; conversationId: string; paymentId: string; conversationData: string }) {
    return this.call<IyzicoPayment>((cb) => this.sdk.threedsPayment.create(body, cb), SIGNED.payment);
  }

  cancel(body: {
    locale: string;
    conversationId: string;
    paymentId: string;
    ip: string;
    description: string;
  }) {
    return this.call<IyzicoResult>((cb) => this.sdk.cancel.create(body, cb));
  }

  /** /v2/payment/refund: part or all of a payment, by its paymentId. */
  refund(body: {
    locale: string;
    conversationId: string;
    paymentId: string;
    price: string;
    currency: 'TRY';
    ip: string;
  }) {
    return this.call<IyzicoResult>((cb) => this.sdk.refundV2.create(body, cb), SIGNED.refund);
  }

  private call<T extends IyzicoResult>(
    send: (cb: (err: Error | null, result: Record<string, unknown> | undefined) => void) => void,
    signedFields?: readonly string[],
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new IyzicoTransportError(`iyzico did not answer within ${this.options.timeoutMs} ms`)),
        this.options.timeoutMs,
      );
      send((err, result) => {
        clearTimeout(timer);
        if (err) return reject(new IyzicoTransportError(`iyzico request failed: ${err.message}`));
        if (
          !result ||
          typeof result !== 'object' ||
          (result.status !== 'success' && result.status !== 'failure')
        )
          return reject(new IyzicoTransportError('iyzico answered something that is not an API result'));
        if (signedFields && result.status === 'success') {
          const expected = responseSignature(
            signedFields.map((f) => result[f]),
            this.options.secretKey,
          );
          const got = typeof result.signature === 'string' ? result.signature : '';
          if (got.length !== expected.length || !timingSafeEqual(Buffer.from(got), Buffer.from(expected)))
            return reject(new IyzicoSignatureError('iyzico answer rejected: its signature does not match'));
        }
        resolve(result as unknown as T);
      });
    });
  }
}
