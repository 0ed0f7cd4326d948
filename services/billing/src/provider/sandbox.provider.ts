import { randomUUID } from 'node:crypto';
import {
  CardRejectedError,
  HARD_DECLINE_GROUPS,
  PaymentProvider,
  type CardDetails,
  type ChargeOutcome,
  type ChargeRequest,
  type StoredCard,
} from './payment-provider.js';

interface Decline {
  errorCode: string;
  errorMessage: string;
  errorGroup: string;
}

/**
 * iyzico's published sandbox test cards and how they behave (errorGroup as iyzico reports it).
 * 5400010000000004 (a foreign card) stands for a bank that asks for 3-D Secure (error 5010).
 */
const DECLINES: Record<string, Decline> = {
  '4111111111111129': {
    errorCode: '10051',
    errorMessage: 'Kart limiti yetersiz, yetersiz bakiye',
    errorGroup: 'NOT_SUFFICIENT_FUNDS',
  },
  '4129111111111111': { errorCode: '10005', errorMessage: 'İşlem onaylanmadı', errorGroup: 'DO_NOT_HONOUR' },
  '4128111111111112': {
    errorCode: '10012',
    errorMessage: 'Geçersiz işlem',
    errorGroup: 'INVALID_TRANSACTION',
  },
  '4126111111111114': { errorCode: '10043', errorMessage: 'Çalıntı kart', errorGroup: 'STOLEN_CARD' },
  '4125111111111115': {
    errorCode: '10054',
    errorMessage: 'Son kullanma tarihi hatalı',
    errorGroup: 'EXPIRED_CARD',
  },
  '4124111111111116': { errorCode: '10084', errorMessage: 'CVC2 bilgisi hatalı', errorGroup: 'INVALID_CVC2' },
  '4121111111111119': {
    errorCode: '10034',
    errorMessage: 'Dolandırıcılık şüphesi',
    errorGroup: 'FRAUD_SUSPECT',
  },
  '5400010000000004': {
    errorCode: '5010',
    errorMessage: '3D Secure ile ödeme yapılmalıdır',
    errorGroup: 'THREEDS_REQUIRED',
  },
};

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

function brandOf(number: string): string {
  if (number.startsWith('4')) return 'VISA';
  if (/^5[1-5]|^2[2-7]/.test(number)) return 'MASTER_CARD';
  if (/^3[47]/.test(number)) return 'AMERICAN_EXPRESS';
  return 'TROY';
}

/**
 * The built-in provider (PAYMENT_PROVIDER=sandbox): behaves as iyzico's sandbox does with its
 * test cards, without a network. The card's behaviour travels in its token (as a real token
 * stands for the card at the provider), so it survives restarts; payments are kept in memory.
 */
export class SandboxPaymentProvider extends PaymentProvider {
  private readonly payments = new Map<string, ChargeOutcome>();

  async storeCard(card: CardDetails, cardUserKey?: string): Promise<StoredCard> {
    const number = card.number.replace(/\s+/g, '');
    if (!/^\d{15,19}$/.test(number) || !luhn(number))
      throw new CardRejectedError('Kart numarası geçersiz', '12');
    const behaviour = DECLINES[number] ? number.slice(0, 6) + number.slice(-4) : 'ok';
    return {
      cardUserKey: cardUserKey ?? `sbx-user-${randomUUID()}`,
      cardToken: `sbx-${behaviour}-${randomUUID()}`,
      lastFour: number.slice(-4),
      brand: brandOf(number),
    };
  }

  async deleteCard(): Promise<void> {}

  async charge(request: ChargeRequest): Promise<ChargeOutcome> {
    const behaviour = /^sbx-(\w+)-/.exec(request.card.cardToken)?.[1] ?? 'ok';
    const decline = Object.entries(DECLINES).find(([n]) => n.slice(0, 6) + n.slice(-4) === behaviour)?.[1];
    const outcome: ChargeOutcome = decline
      ? {
          ok: false,
          ...decline,
          hardDecline: HARD_DECLINE_GROUPS.has(decline.errorGroup),
          threeDsRequired: decline.errorCode === '5010',
        }
      : { ok: true, paymentId: String(Math.floor(1e7 + Math.random() * 9e7)) };
    this.payments.set(request.conversationId, outcome);
    return outcome;
  }

  async retrieve(conversationId: string): Promise<ChargeOutcome | null> {
    return this.payments.get(conversationId) ?? null;
  }
}
