import { Inject, Injectable } from '@nestjs/common';
import { BusError } from '@shelfscan/bus';
import type { billingV1 } from '@shelfscan/contracts';
import { Clock, istanbulDate } from '@shelfscan/service';
import { fieldErrors, promotionForm } from '@shelfscan/validation';
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
  constructor(
    @Inject(PromotionsRepository) private readonly promotions: PromotionsRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

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

  /**
   * Creates (no id) or updates a promotion, checked by the admin form's rules (`promotionForm` of
   * @shelfscan/validation) with today's Istanbul day by the Clock: an expiry day may not be past,
   * except the one the promotion already has (an expired promotion can still be turned off).
   */
  async save(input: billingV1.Promotion | undefined): Promise<billingV1.Promotion> {
    if (!input) throw new BusError('INVALID_ARGUMENT', 'promotionMissing', { reason: 'promotionMissing' });
    const stored = input.id && isId(input.id) ? await this.promotions.byId(input.id) : null;
    if (input.id && !stored) throw notFound();
    const saved = await this.promotions
      .save(stored?.id ?? null, toInput(input, istanbulDate(this.clock.now()), stored?.expiryDate ?? null))
      .catch((err: { code?: string }) => {
        if (err.code === '23505')
          throw new BusError('ALREADY_EXISTS', 'promotionCodeTaken', {
            reason: 'promotionCodeTaken',
          });
        throw err;
      });
    if (!saved) throw notFound();
    return toMessage(saved);
  }

  async delete(id: string): Promise<void> {
    if (!isId(id) || !(await this.promotions.delete(id))) throw notFound();
  }
}

const isId = (id: string) => /^[0-9a-f-]{36}$/i.test(id);
const notFound = () => new BusError('NOT_FOUND', 'promotionNotFound', { reason: 'promotionNotFound' });

/** The promotion as stored, once it passes the form's rules (violations named by field). */
function toInput(p: billingV1.Promotion, today: string, storedExpiry: string | null): PromotionInput {
  const checked = promotionForm(today, storedExpiry).safeParse({
    code: p.code,
    description: p.description,
    type: p.type,
    value: p.value,
    minimumBasket: p.minimumBasket,
    count: p.count,
    expiryDate: p.expiryDate,
    active: p.active,
  });
  if (!checked.success)
    throw new BusError('INVALID_ARGUMENT', 'invalidFields', { violations: fieldErrors(checked.error) });
  const v = checked.data;
  return {
    code: v.code,
    description: v.description,
    type: v.type,
    valueMinor: decimalToMinor(v.value),
    minimumBasketCents: decimalToMinor(v.minimumBasket || '0'),
    count: Number(v.count),
    expiryDate: v.expiryDate || null,
    active: v.active,
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
