import { randomUUID } from 'node:crypto';
import { decimalToMinor, minorToDecimal } from '../../money/money.js';
import {
  CardRejectedError,
  HARD_DECLINE_GROUPS,
  PaymentProvider,
  ProviderTimeoutError,
  splitKurus,
  type CardDetails,
  type ChargeOutcome,
  type ChargeRequest,
  type Decline,
  type ReversalOutcome,
  type StoredCard,
  type ThreeDsCallback,
  type ThreeDsRequest,
  type ThreeDsStart,
} from '../payment-provider.js';
import {
  IyzicoSignatureError,
  IyzicoTransportError,
  IyzipayClient,
  type IyzicoPayment,
  type IyzicoPaymentRequest,
  type IyzicoResult,
} from './iyzipay-client.js';

/** iyzico's general system errors: an answer that says nothing about the payment. */
const SYSTEM_ERROR_CODES = new Set(['1', '2']);
/** Turkish identity number placeholder: the product asks for none (iyzico requires the field). */
const NO_IDENTITY_NUMBER = '11111111111';
/** The buyer's address is not known to the merchant side of a renewal: iyzico requires an ip. */
const SERVER_IP = '127.0.0.1';

export interface IyzicoOptions {
  apiKey: string;
  secretKey: string;
  baseUrl: string;
  timeoutMs?: number;
}

/**
 * PAYMENT_PROVIDER=iyzico: card storage, charges of the stored card, look-ups by conversationId,
 * 3-D Secure, cancels and refunds through the official iyzipay SDK (behind IyzipayClient).
 * A transport failure or a bad signature on a call that may move money is an unknown outcome
 * (ProviderTimeoutError): the charge flow looks the payment up before any retry.
 */
export class IyzicoPaymentProvider extends PaymentProvider {
  private readonly client: IyzipayClient;

  constructor(options: IyzicoOptions) {
    super();
    this.client = new IyzipayClient({ ...options, timeoutMs: options.timeoutMs ?? 20_000 });
  }

  async storeCard(card: CardDetails, cardUserKey?: string): Promise<StoredCard> {
    const r = await this.safely(() =>
      this.client.createCard({
        locale: 'tr',
        conversationId: randomUUID(),
        email: card.email,
        ...(cardUserKey ? { cardUserKey } : {}),
        card: {
          cardAlias: card.alias,
          cardHolderName: card.holderName,
          cardNumber: card.number,
          expireMonth: card.expireMonth,
          expireYear: card.expireYear,
        },
      }),
    );
    if (r.status !== 'success' || !r.cardUserKey || !r.cardToken)
      throw new CardRejectedError(r.errorMessage ?? 'card refused', r.errorCode ?? '');
    return {
      cardUserKey: r.cardUserKey,
      cardToken: r.cardToken,
      lastFour: r.lastFourDigits ?? card.number.slice(-4),
      brand: r.cardAssociation ?? '',
    };
  }

  async deleteCard(cardUserKey: string, cardToken: string): Promise<void> {
    const r = await this.safely(() =>
      this.client.deleteCard({ locale: 'tr', conversationId: randomUUID(), cardUserKey, cardToken }),
    );
    if (r.status !== 'success')
      throw new Error(`card not deleted at iyzico: ${r.errorMessage ?? r.errorCode}`);
  }

  async charge(request: ChargeRequest): Promise<ChargeOutcome> {
    return this.outcome(await this.safely(() => this.client.createPayment(paymentBody(request))));
  }

  async retrieve(conversationId: string): Promise<ChargeOutcome | null> {
    const r = await this.safely(() =>
      this.client.retrievePayment({ locale: 'tr', conversationId, paymentConversationId: conversationId }),
    );
    if (r.status === 'failure') {
      if (SYSTEM_ERROR_CODES.has(r.errorCode ?? '')) throw new ProviderTimeoutError('iyzico: system error');
      return null; // no payment with this conversationId
    }
    if (r.paymentStatus === 'SUCCESS') return { ok: true, paymentId: String(r.paymentId) };
    if (r.paymentStatus === 'FAILURE') return decline({ ...r, status: 'failure' });
    return null; // a 3-D Secure payment never completed: nothing was charged
  }

  async initThreeDs(request: ThreeDsRequest): Promise<ThreeDsStart> {
    const r = await this.safely(() =>
      this.client.threedsInitialize({ ...paymentBody(request), callbackUrl: request.callbackUrl }),
    );
    if (r.status !== 'success') return decline(r);
    return {
      ok: true,
      paymentId: String(r.paymentId),
      html: Buffer.from(r.threeDSHtmlContent ?? '', 'base64').toString('utf8'),
    };
  }

  async completeThreeDs(callback: ThreeDsCallback, locale = 'tr'): Promise<ChargeOutcome> {
    return this.outcome(
      await this.safely(() =>
        this.client.threedsAuth({
          locale,
          conversationId: callback.conversationId,
          paymentId: callback.paymentId,
          conversationData: callback.conversationData,
        }),
      ),
    );
  }

  async cancel(p: { conversationId: string; paymentId: string; reason: string }): Promise<ReversalOutcome> {
    return reversal(
      await this.safely(() =>
        this.client.cancel({
          locale: 'tr',
          conversationId: p.conversationId,
          paymentId: p.paymentId,
          ip: SERVER_IP,
          description: p.reason.slice(0, 200),
        }),
      ),
    );
  }

  async refund(p: { conversationId: string; paymentId: string; price: string }): Promise<ReversalOutcome> {
    return reversal(
      await this.safely(() =>
        this.client.refund({
          locale: 'tr',
          conversationId: p.conversationId,
          paymentId: p.paymentId,
          price: p.price,
          currency: 'TRY',
          ip: SERVER_IP,
        }),
      ),
    );
  }

  private outcome(r: IyzicoPayment): ChargeOutcome {
    return r.status === 'success' ? { ok: true, paymentId: String(r.paymentId) } : decline(r);
  }

  /** Transport failures and unsigned answers: the outcome is not known. */
  private async safely<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof IyzicoTransportError || err instanceof IyzicoSignatureError)
        throw new ProviderTimeoutError(err.message);
      throw err;
    }
  }
}

function decline(r: IyzicoResult): Decline {
  const errorGroup = r.errorGroup ?? '';
  return {
    ok: false,
    errorCode: String(r.errorCode ?? ''),
    errorMessage: r.errorMessage ?? 'payment failed',
    errorGroup,
    hardDecline: HARD_DECLINE_GROUPS.has(errorGroup),
    threeDsRequired: String(r.errorCode) === '5010',
  };
}

function reversal(r: IyzicoResult): ReversalOutcome {
  return r.status === 'success'
    ? { ok: true }
    : { ok: false, errorCode: String(r.errorCode ?? ''), errorMessage: r.errorMessage ?? 'refused' };
}

/** The payment body: prices as 2-decimal strings; one basket line per feature, adding up exactly. */
function paymentBody(request: ChargeRequest): IyzicoPaymentRequest {
  const kurus = decimalToMinor(request.price);
  const features = request.item.features.length ? request.item.features : ['plan'];
  const parts = splitKurus(kurus, features.length);
  const [name, ...rest] = request.buyer.name.trim().split(/\s+/);
  const address = {
    contactName: request.buyer.name,
    city: request.buyer.city || '-',
    country: request.buyer.country || 'Turkey',
    address: request.buyer.address || '-',
    zipCode: request.buyer.zipCode,
  };
  return {
    locale: request.locale === 'en' ? 'en' : 'tr',
    conversationId: request.conversationId,
    price: request.price,
    paidPrice: request.price,
    currency: 'TRY',
    installment: '1',
    basketId: request.item.id,
    paymentChannel: 'WEB',
    paymentGroup: 'SUBSCRIPTION',
    paymentCard: request.card,
    buyer: {
      id: request.buyer.email,
      name: name || request.buyer.email,
      surname: rest.join(' ') || '-',
      identityNumber: NO_IDENTITY_NUMBER,
      email: request.buyer.email,
      registrationAddress: address.address,
      city: address.city,
      country: address.country,
      zipCode: address.zipCode,
      ip: SERVER_IP,
    },
    billingAddress: address,
    basketItems: features.map((f, i) => ({
      id: `${request.item.id}-${f}`,
      name: `${request.item.name} (${f})`,
      category1: 'Subscription',
      itemType: 'VIRTUAL',
      price: minorToDecimal(parts[i]),
    })),
  };
}
