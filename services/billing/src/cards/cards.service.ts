import { Inject, Injectable } from '@nestjs/common';
import { BusError, SealError } from '@shelfscan/bus';
import type { billingV1 } from '@shelfscan/contracts';
import { createLogger } from '@shelfscan/observability';
import { Clock } from '@shelfscan/service';
import { cardExpired, cardNumber, cvc, expiryMonth } from '@shelfscan/validation';
import { CardRejectedError, PaymentProvider } from '../provider/index.js';
import { CardSealing, type OpenedCard } from './card-sealing.js';
import { CardsRepository, type CardRecord } from './cards.repository.js';

const log = createLogger('billing.cards');

/**
 * The user's one saved card. The number and CVC go to the provider's card storage and no
 * further: we keep its tokens, the last four digits, the brand and the expiry. Replacing the
 * card deletes the old one at the provider.
 */
@Injectable()
export class CardsService {
  /** Called after a card is saved (the renewal retries a past-due plan at once). */
  onCardSaved: (email: string) => Promise<void> = async () => {};

  constructor(
    @Inject(CardsRepository) private readonly cards: CardsRepository,
    @Inject(PaymentProvider) private readonly provider: PaymentProvider,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(CardSealing) private readonly sealing: CardSealing,
  ) {}

  async get(email: string): Promise<CardRecord | null> {
    return this.cards.find(email);
  }

  async save(req: billingV1.SaveCardRequest): Promise<billingV1.Card> {
    const opened = await this.openCard(req);
    const violations = validate(req, opened, this.clock.now());
    if (violations.length) throw new BusError('INVALID_ARGUMENT', 'invalidFields', { violations });
    const previous = await this.cards.find(req.email);
    const alias = req.holderName.trim().slice(0, 3);
    let stored;
    try {
      stored = await this.provider.storeCard(
        {
          holderName: req.holderName.trim(),
          number: opened.number.replace(/\s+/g, ''),
          expireMonth: req.expireMonth.padStart(2, '0'),
          expireYear: req.expireYear,
          cvc: opened.cvc,
          alias,
          email: req.email,
        },
        previous?.cardUserKey,
      );
    } catch (err) {
      if (err instanceof CardRejectedError) {
        log.info({ errorCode: err.errorCode }, 'card refused by the provider');
        throw new BusError('FAILED_PRECONDITION', 'cardSaveFailed', {
          reason: 'cardSaveFailed',
          detail: err.message,
        });
      }
      throw err;
    }
    const { saved, previous: replaced } = await this.cards.replace(
      {
        userEmail: req.email,
        cardUserKey: stored.cardUserKey,
        cardToken: stored.cardToken,
        alias,
        holderName: req.holderName.trim(),
        lastFour: stored.lastFour,
        brand: stored.brand,
        expireMonth: req.expireMonth.padStart(2, '0'),
        expireYear: req.expireYear,
        billing: {
          address: req.billing?.address ?? '',
          zipCode: req.billing?.zipCode ?? '',
          contactName: req.billing?.contactName ?? '',
          city: req.billing?.city ?? '',
          country: req.billing?.country ?? '',
          region: req.billing?.region ?? '',
          regionName: req.billing?.regionName ?? '',
        },
      },
      this.clock.now(),
    );
    if (replaced) await this.deleteAtProvider(replaced);
    await this.onCardSaved(req.email);
    return toCardMessage(saved);
  }

  /**
   * The card number and CVC come sealed for billing (see CardSealing); one in clear is refused,
   * so that no caller can put it on the bus.
   */
  private async openCard(req: billingV1.SaveCardRequest): Promise<OpenedCard> {
    const refuse = (msg: string) =>
      new BusError('INVALID_ARGUMENT', 'invalidFields', { violations: [{ field: 'cardNumber', msg }] });
    if (req.cardNumber || req.cvc) throw refuse('cardNotSealed');
    if (!req.sealedCard) throw refuse('cardNumberInvalid');
    try {
      return await this.sealing.open(req.sealedCard, req.email, this.clock.now());
    } catch (err) {
      if (!(err instanceof SealError)) throw err;
      log.warn({ err: err.message }, 'sealed card refused');
      throw refuse('cardSealInvalid');
    }
  }

  async delete(email: string, id: string): Promise<void> {
    const removed = /^[0-9a-f-]{36}$/i.test(id) ? await this.cards.delete(email, id) : null;
    if (!removed) throw new BusError('NOT_FOUND', 'noCardFound', { reason: 'noCardFound' });
    await this.deleteAtProvider(removed);
  }

  private async deleteAtProvider(card: CardRecord): Promise<void> {
    try {
      await this.provider.deleteCard(card.cardUserKey, card.cardToken);
    } catch (err) {
      // Our row is gone, so it is never charged again; the provider copy is logged for cleanup.
      log.warn({ cardId: card.id, err: (err as Error).message }, 'old card not deleted at the provider');
    }
  }
}

export function toCardMessage(c: CardRecord): billingV1.Card {
  return {
    $typeName: 'shelfscan.billing.v1.Card',
    id: c.id,
    alias: c.alias,
    holderName: c.holderName,
    lastFour: c.lastFour,
    brand: c.brand,
    expireMonth: c.expireMonth,
    expireYear: c.expireYear,
    billing: { $typeName: 'shelfscan.billing.v1.BillingAddress', ...c.billing },
  };
}

function validate(
  req: billingV1.SaveCardRequest,
  card: OpenedCard,
  now: Date,
): { field: string; msg: string }[] {
  const v: { field: string; msg: string }[] = [];
  const req2 = (field: string, value: string | undefined) => {
    if (!value?.trim()) v.push({ field, msg: 'required' });
  };
  req2('cardHolderName', req.holderName);
  req2('billing.address', req.billing?.address);
  req2('billing.country', req.billing?.country);
  req2('billing.city', req.billing?.city);
  req2('billing.zipCode', req.billing?.zipCode);
  // The card rules of the gateway and the web form (@shelfscan/validation), Luhn check included.
  if (!cardNumber.safeParse(card.number).success) v.push({ field: 'cardNumber', msg: 'cardNumberInvalid' });
  if (!cvc.safeParse(card.cvc).success) v.push({ field: 'cvc', msg: 'cvcInvalid' });
  const year = /^20(\d{2})$/.exec(req.expireYear)?.[1]; // stored as the full year
  if (!expiryMonth.safeParse(req.expireMonth).success)
    v.push({ field: 'expireMonth', msg: 'expiryMonthInvalid' });
  else if (!year) v.push({ field: 'expireYear', msg: 'expiryYearInvalid' });
  else if (cardExpired(req.expireMonth, year, now)) v.push({ field: 'expireYear', msg: 'cardExpired' });
  return v;
}
