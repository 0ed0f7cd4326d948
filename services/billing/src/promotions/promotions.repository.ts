import { rowsOf } from '@shelfscan/db';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export interface PromotionRecord {
  id: string;
  code: string;
  description: string;
  type: 'AMOUNT' | 'PERCENT';
  /** USD cents (AMOUNT) or hundredths of a percent (PERCENT). */
  valueMinor: bigint;
  minimumBasketCents: bigint;
  count: number;
  used: number;
  /** Istanbul date, usable through that day; null for none. */
  expiryDate: string | null;
  active: boolean;
}

type Row = Omit<PromotionRecord, 'valueMinor' | 'minimumBasketCents'> & {
  valueMinor: string;
  minimumBasketCents: string;
};

const COLUMNS = `id, code, description, type, value_minor AS "valueMinor",
  minimum_basket_cents AS "minimumBasketCents", count, used,
  to_char(expiry_date, 'YYYY-MM-DD') AS "expiryDate", active`;

const toRecord = (r: Row): PromotionRecord => ({
  ...r,
  valueMinor: BigInt(r.valueMinor),
  minimumBasketCents: BigInt(r.minimumBasketCents),
});

export type PromotionInput = Omit<PromotionRecord, 'id' | 'used'>;

/** The only place that reads and writes `promotion` and `promotion_redemption`. */
@Injectable()
export class PromotionsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async byCode(
    code: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<PromotionRecord | null> {
    const rows: Row[] = await manager.query(
      `SELECT ${COLUMNS} FROM promotion WHERE upper(code) = upper($1) AND NOT deleted`,
      [code],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async byId(id: string): Promise<PromotionRecord | null> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM promotion WHERE id = $1 AND NOT deleted`,
      [id],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async list(): Promise<PromotionRecord[]> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM promotion WHERE NOT deleted ORDER BY code`,
    );
    return rows.map(toRecord);
  }

  async redeemedBy(promotionId: string, email: string, manager: EntityManager = this.dataSource.manager) {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM promotion_redemption WHERE promotion_id = $1 AND user_email = $2`,
      [promotionId, email],
    );
    return rows.length > 0;
  }

  /**
   * Takes one use, atomically: one conditional UPDATE, so concurrent checkouts cannot exceed the
   * count; and one redemption per user (its primary key). False when no use could be taken.
   */
  async redeem(
    manager: EntityManager,
    p: { promotionId: string; email: string; subscriptionId: string; today: string },
  ): Promise<boolean> {
    const taken = rowsOf<unknown>(
      await manager.query(
        `UPDATE promotion SET used = used + 1
       WHERE id = $1 AND active AND NOT deleted AND used < count
         AND (expiry_date IS NULL OR expiry_date >= $2::date)
       RETURNING id`,
        [p.promotionId, p.today],
      ),
    );
    if (!taken.length) return false;
    const inserted: unknown[] = await manager.query(
      `INSERT INTO promotion_redemption (promotion_id, user_email, subscription_id) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING promotion_id`,
      [p.promotionId, p.email, p.subscriptionId],
    );
    if (!inserted.length) throw new Error('promotion already redeemed by this user');
    return true;
  }

  /** Gives a use back (the payment it was taken for failed). */
  async release(manager: EntityManager, subscriptionId: string): Promise<void> {
    const rows = rowsOf<{ promotion_id: string }>(
      await manager.query(
        `DELETE FROM promotion_redemption WHERE subscription_id = $1 RETURNING promotion_id`,
        [subscriptionId],
      ),
    );
    for (const r of rows)
      await manager.query(`UPDATE promotion SET used = used - 1 WHERE id = $1 AND used > 0`, [
        r.promotion_id,
      ]);
  }

  async save(id: string | null, p: PromotionInput): Promise<PromotionRecord> {
    const params = [
      p.code,
      p.description,
      p.type,
      p.valueMinor.toString(),
      p.minimumBasketCents.toString(),
      p.count,
      p.expiryDate,
      p.active,
    ];
    const rows: Row[] | [Row[], number] = id
      ? await this.dataSource.query(
          `UPDATE promotion SET code = $2, description = $3, type = $4, value_minor = $5,
             minimum_basket_cents = $6, count = $7, expiry_date = $8, active = $9
           WHERE id = $1 AND NOT deleted RETURNING ${COLUMNS}`,
          [id, ...params],
        )
      : await this.dataSource.query(
          `INSERT INTO promotion (code, description, type, value_minor, minimum_basket_cents, count,
             expiry_date, active) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
          params,
        );
    const row = rowsOf<Row>(rows)[0];
    return row ? toRecord(row) : (null as never);
  }

  /** Soft delete: redemptions keep pointing at it. */
  async delete(id: string): Promise<boolean> {
    const rows: [unknown[], number] = await this.dataSource.query(
      `UPDATE promotion SET deleted = true, active = false, code = code || '#' || id WHERE id = $1 AND NOT deleted RETURNING id`,
      [id],
    );
    return rows[0].length > 0;
  }
}
