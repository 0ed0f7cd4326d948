import { Inject, Injectable } from '@nestjs/common';
import { BusError } from '@shelfscan/bus';
import type { billingV1 } from '@shelfscan/contracts';
import { decimalToMinor, minorToDecimal } from '../money/money.js';
import { PromotionsRepository, type PromotionInput, type PromotionRecord } from './promotions.repository.js';

/** Every reason a code does not apply, as keys the web translates. */
export type PromotionReason =
  | 'promotionNotFound'
  | 'promotionInactive'
  | 'promotionExpired'
  | 'promotionUsedUp'
  | 'promotionAlreadyUsed'
  | 'promotionMinimumBasket';

/** Promotions: the admin CRUD and the check of a code against a basket. */
@Injectable()
export class PromotionsService {
  constructor(@Inject(PromotionsRepository) private readonly promotions: PromotionsRepository) {}

  /** The promotion of a code and every reason it does not apply to this basket (none = applies). */
  async evaluate(
    code: string,
    p: { email: string; today: string; basketUsdCents: bigint },
  ): Promise<{ promotion: PromotionRecord | null; reasons: PromotionReason[] }> {
    const promotion = await this.promotions.byCode(code.trim());
    if (!promotion) return { promotion: null, reasons: ['promotionNotFound'] };
    const reasons: PromotionReason[] = [];
    if (!promotion.active) reasons.push('promotionInactive');
    if (promotion.expiryDate && promotion.expiryDate < p.today) reasons.push('promotionExpired');
    if (promotion.used >= promotion.count) reasons.push('promotionUsedUp');
    if (await this.promotions.redeemedBy(promotion.id, p.email)) reasons.push('promotionAlreadyUsed');
    if (p.basketUsdCents < promotion.minimumBasketCents) reasons.push('promotionMinimumBasket');
    return { promotion, reasons };
  }

  async list(): Promise<billingV1.Promotion[]> {
    return (await this.promotions.list()).map(toMessage);
  }

  async save(input: billingV1.Promotion | undefined): Promise<billingV1.Promotion> {
    if (!input) throw new BusError('INVALID_ARGUMENT', 'promotion missing');
    const saved = await this.promotions
      .save(input.id || null, toInput(input))
      .catch((err: { code?: string }) => {
        if (err.code === '23505')
          throw new BusError('ALREADY_EXISTS', 'A promotion with this code exists.', {
            reason: 'promotionCodeTaken',
          });
        throw err;
      });
    if (!saved) throw new BusError('NOT_FOUND', 'Promotion not found.', { reason: 'promotionNotFound' });
    return toMessage(saved);
  }

  async delete(id: string): Promise<void> {
    if (!/^[0-9a-f-]{36}$/i.test(id) || !(await this.promotions.delete(id)))
      throw new BusError('NOT_FOUND', 'Promotion not found.', { reason: 'promotionNotFound' });
  }
}

function toInput(p: billingV1.Promotion): PromotionInput {
  const violations: { field: string; msg: string }[] = [];
  const decimal = (field: string, text: string): bigint => {
    try {
      return decimalToMinor(text || '0');
    } catch {
      violations.push({ field, msg: 'amountInvalid' });
      return 0n;
    }
  };
  const code = p.code.trim();
  if (!/^[\w-]{2,40}$/.test(code)) violations.push({ field: 'code', msg: 'promotionCodeInvalid' });
  if (p.type !== 'AMOUNT' && p.type !== 'PERCENT')
    violations.push({ field: 'type', msg: 'promotionTypeInvalid' });
  const valueMinor = decimal('value', p.value);
  if (valueMinor <= 0n || (p.type === 'PERCENT' && valueMinor > 10_000n))
    violations.push({ field: 'value', msg: 'promotionValueInvalid' });
  const minimumBasketCents = decimal('minimumBasket', p.minimumBasket);
  if (p.count < 0) violations.push({ field: 'count', msg: 'promotionCountInvalid' });
  if (p.expiryDate && !/^\d{4}-\d{2}-\d{2}$/.test(p.expiryDate))
    violations.push({ field: 'expiryDate', msg: 'dateInvalid' });
  if (violations.length) throw new BusError('INVALID_ARGUMENT', 'invalid promotion', { violations });
  return {
    code,
    description: p.description,
    type: p.type as 'AMOUNT' | 'PERCENT',
    valueMinor,
    minimumBasketCents,
    count: p.count,
    expiryDate: p.expiryDate || null,
    active: p.active,
  };
}

function toMessage(p: PromotionRecord): billingV1.Promotion {
  return {
    $typeName: 'shelfscan.billing.v1.Promotion',
    id: p.id,
    code: p.code,
    description: p.description,
    value: minorToDecimal(p.valueMinor),
    type: p.type,
    minimumBasket: minorToDecimal(p.minimumBasketCents),
    count: p.count,
    used: p.used,
    expiryDate: p.expiryDate ?? '',
    active: p.active,
  };
}
