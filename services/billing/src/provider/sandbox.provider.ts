import { randomUUID } from 'node:crypto';
import { decimalToMinor } from '../money/money.js';
import {
  CardRejectedError,
  HARD_DECLINE_GROUPS,
  PaymentProvider,
  type CardDetails,
  type ChargeOutcome,
  type ChargeRequest,
  type Decline,
  type ReversalOutcome,
  type StoredCard,
  type ThreeDsCallback,
  type ThreeDsRequest,
  type ThreeDsStart,
} from './payment-provider.js';

type TestDecline = Pick<Decline, 'errorCode' | 'errorMessage' | 'errorGroup'>;

/**
 * iyzico's published sandbox test cards and how they behave (errorGroup as iyzico reports it).
 * 5400010000000004 (a foreign card) stands for a bank that asks for 3-D Secure (error 5010).
 */
export const TEST_CARD_DECLINES: Record<string, TestDecline> = {
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

/** Succeeds, but its payments can be neither cancelled nor refunded (as in iyzico's sandbox). */
export const NOT_REVERSIBLE_CARD = '5406670000000009';

/** A decline of the test cards as the port reports it. */
export function testCardDecline(number: string): Decline | null {
  const d = TEST_CARD_DECLINES[number];
  return d
    ? {
        ok: false,
        ...d,
        hardDecline: HARD_DECLINE_GROUPS.has(d.errorGroup),
        threeDsRequired: d.errorCode === '5010',
      }
    : null;
}

export function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

export function brandOf(number: string): string {
  if (number.startsWith('4')) return 'VISA';
  if (/^5[1-5]|^2[2-7]/.test(number)) return 'MASTER_CARD';
  if (/^3[47]/.test(number)) return 'AMERICAN_EXPRESS';
  return 'TROY';
}

/** A test card's behaviour as carried in the sandbox token: first six and last four digits. */
const behaviourOf = (number: string) =>
  TEST_CARD_DECLINES[number] || number === NOT_REVERSIBLE_CARD ? number.slice(0, 6) + number.slice(-4) : 'ok';
const numberOfBehaviour = (behaviour: string) =>
  [...Object.keys(TEST_CARD_DECLINES), NOT_REVERSIBLE_CARD].find(
    (n) => n.slice(0, 6) + n.slice(-4) === behaviour,
  );

interface SandboxPayment {
  outcome: ChargeOutcome;
  /** 3-D Secure started and not completed yet. */
  awaiting3ds: boolean;
  number: string;
  kurus: bigint;
  reversedKurus: bigint;
  paidOn: string;
}

const kurusOf = (price: string) => decimalToMinor(price);

/**
 * The built-in provider (PAYMENT_PROVIDER=sandbox): behaves as iyzico's sandbox does with its
 * test cards, without a network. The card's behaviour travels in its token (as a real token
 * stands for the card at the provider), so it survives restarts; payments are kept in memory.
 * 3-D Secure: the "bank" is a small built-in page (approve / decline) that posts iyzico's callback
 * fields to the callback URL; the 5010 card asks for it on a plain charge and passes with it.
 */
export class SandboxPaymentProvider extends PaymentProvider {
  private readonly payments = new Map<string, SandboxPayment>();

  async storeCard(card: CardDetails, cardUserKey?: string): Promise<StoredCard> {
    const number = card.number.replace(/\s+/g, '');
    if (!/^\d{15,19}$/.test(number) || !luhn(number))
      throw new CardRejectedError('Kart numarası geçersiz', '12');
    return {
      cardUserKey: cardUserKey ?? `sbx-user-${randomUUID()}`,
      cardToken: `sbx-${behaviourOf(number)}-${randomUUID()}`,
      lastFour: number.slice(-4),
      brand: brandOf(number),
    };
  }

  async deleteCard(): Promise<void> {}

  private numberOf(cardToken: string): string {
    const behaviour = /^sbx-(\w+)-/.exec(cardToken)?.[1] ?? 'ok';
    return numberOfBehaviour(behaviour) ?? '5528790000000008';
  }

  private record(request: ChargeRequest, outcome: ChargeOutcome, awaiting3ds = false): void {
    this.payments.set(request.conversationId, {
      outcome,
      awaiting3ds,
      number: this.numberOf(request.card.cardToken),
      kurus: kurusOf(request.price),
      reversedKurus: 0n,
      paidOn: new Date().toISOString().slice(0, 10),
    });
  }

  async charge(request: ChargeRequest): Promise<ChargeOutcome> {
    const outcome: ChargeOutcome = testCardDecline(this.numberOf(request.card.cardToken)) ?? {
      ok: true,
      paymentId: String(Math.floor(1e7 + Math.random() * 9e7)),
    };
    this.record(request, outcome);
    return outcome;
  }

  async retrieve(conversationId: string): Promise<ChargeOutcome | null> {
    const p = this.payments.get(conversationId);
    return p && !p.awaiting3ds ? p.outcome : null;
  }

  async initThreeDs(request: ThreeDsRequest): Promise<ThreeDsStart> {
    const decline = testCardDecline(this.numberOf(request.card.cardToken));
    if (decline && !decline.threeDsRequired) return decline;
    const paymentId = String(Math.floor(1e7 + Math.random() * 9e7));
    this.record(request, { ok: true, paymentId }, true);
    return { ok: true, paymentId, html: bankPage(request, paymentId) };
  }

  async completeThreeDs(callback: ThreeDsCallback): Promise<ChargeOutcome> {
    const p = this.payments.get(callback.conversationId);
    if (!p || !p.outcome.ok || p.outcome.paymentId !== callback.paymentId)
      return {
        ok: false,
        errorCode: '5086',
        errorMessage: 'Ödeme bulunamadı',
        errorGroup: 'NOT_FOUND',
        hardDecline: false,
        threeDsRequired: false,
      };
    p.awaiting3ds = false;
    return p.outcome;
  }

  private reverse(paymentId: string, kurus: bigint | null): ReversalOutcome {
    const p = [...this.payments.values()].find((x) => x.outcome.ok && x.outcome.paymentId === paymentId);
    if (!p || p.awaiting3ds) return { ok: false, errorCode: '5086', errorMessage: 'Ödeme bulunamadı' };
    if (p.number === NOT_REVERSIBLE_CARD)
      return { ok: false, errorCode: '5092', errorMessage: 'Bu ödeme iade edilemez' };
    const amount = kurus ?? p.kurus - p.reversedKurus;
    if (amount <= 0n || p.reversedKurus + amount > p.kurus)
      return { ok: false, errorCode: '5093', errorMessage: 'İade tutarı ödeme tutarını aşıyor' };
    p.reversedKurus += amount;
    return { ok: true };
  }

  async cancel(p: { paymentId: string }): Promise<ReversalOutcome> {
    return this.reverse(p.paymentId, null);
  }

  async refund(p: { paymentId: string; price: string }): Promise<ReversalOutcome> {
    return this.reverse(p.paymentId, kurusOf(p.price));
  }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The sandbox's "bank": the amount and two buttons. Each posts iyzico's callback fields
 * (status, paymentId, conversationId, conversationData, mdStatus) to the callback URL, as the
 * bank's page does after the cardholder's verification. No script: it works under a strict CSP.
 */
function bankPage(request: ThreeDsRequest, paymentId: string): string {
  const en = request.locale === 'en';
  const form = (status: string, mdStatus: string, label: string, id: string) =>
    `<form method="post" action="${escapeHtml(request.callbackUrl)}">
  <input type="hidden" name="status" value="${status}">
  <input type="hidden" name="paymentId" value="${paymentId}">
  <input type="hidden" name="conversationId" value="${escapeHtml(request.conversationId)}">
  <input type="hidden" name="conversationData" value="sandbox-${paymentId}">
  <input type="hidden" name="mdStatus" value="${mdStatus}">
  <button type="submit" id="${id}">${label}</button>
</form>`;
  return `<!doctype html>
<html lang="${en ? 'en' : 'tr'}"><head><meta charset="utf-8"><title>${en ? 'Sandbox bank: 3-D Secure' : 'Sandbox banka: 3-D Secure'}</title>
<style>body{font-family:sans-serif;max-width:28rem;margin:3rem auto}form{display:inline-block;margin-right:1rem}</style></head>
<body>
<h1>${en ? 'Sandbox bank' : 'Sandbox banka'}</h1>
<p>${en ? 'Verify this payment' : 'Bu ödemeyi doğrulayın'}: <strong>${escapeHtml(request.price)} TRY</strong></p>
${form('success', '1', en ? 'Approve' : 'Onayla', 'approve')}
${form('failure', '0', en ? 'Decline' : 'Reddet', 'decline')}
</body></html>`;
}
