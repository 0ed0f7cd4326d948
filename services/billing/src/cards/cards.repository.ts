import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/** The billing address kept with the card (`card.billing`, jsonb). */
export interface BillingAddress {
  address: string;
  zipCode: string;
  contactName: string;
  city: string;
  /** The country's name in the built-in list ("Turkey"). */
  country: string;
  /** The region's iso2 in its country's built-in list (TR, US, GB), else ''. */
  region: string;
  /** That region's name ("Istanbul"), else ''. */
  regionName: string;
}

/** The city as the payment provider gets it: it has no region field, so the region goes with the city. */
export function cityWithRegion(b: BillingAddress): string {
  const city = b.city.trim();
  const region = b.regionName.trim();
  if (!region || city.toLocaleLowerCase('tr') === region.toLocaleLowerCase('tr')) return city;
  return city ? `${city}, ${region}` : region;
}

/** The billing address on one line (an invoice's buyer): street, zip and city with the region, country. */
export function addressLine(b: BillingAddress | undefined): string {
  if (!b) return '';
  return [b.address, `${b.zipCode} ${cityWithRegion(b)}`.trim(), b.country].filter(Boolean).join(', ');
}

/** A row of `card`: the provider's tokens and what the user may see, never the number or CVC. */
export interface CardRecord {
  id: string;
  userEmail: string;
  cardUserKey: string;
  cardToken: string;
  alias: string;
  holderName: string;
  lastFour: string;
  brand: string;
  expireMonth: string;
  expireYear: string;
  billing: BillingAddress;
}

const COLUMNS = `id, user_email AS "userEmail", card_user_key AS "cardUserKey", card_token AS "cardToken",
  alias, holder_name AS "holderName", last_four AS "lastFour", brand, expire_month AS "expireMonth",
  expire_year AS "expireYear", billing`;

/** The only place that reads and writes `card`. */
@Injectable()
export class CardsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async find(email: string, manager: EntityManager = this.dataSource.manager): Promise<CardRecord | null> {
    const rows: CardRecord[] = await manager.query(`SELECT ${COLUMNS} FROM card WHERE user_email = $1`, [
      email,
    ]);
    return rows[0] ?? null;
  }

  /** Inserts or replaces the user's one card; returns the previous one (to delete at the provider). */
  async replace(
    card: Omit<CardRecord, 'id'>,
    now: Date,
  ): Promise<{ saved: CardRecord; previous: CardRecord | null }> {
    return this.dataSource.transaction(async (m) => {
      const previous = (
        (await m.query(`SELECT ${COLUMNS} FROM card WHERE user_email = $1 FOR UPDATE`, [
          card.userEmail,
        ])) as CardRecord[]
      )[0];
      if (previous) await m.query(`DELETE FROM card WHERE id = $1`, [previous.id]);
      const rows: CardRecord[] = await m.query(
        `INSERT INTO card (user_email, card_user_key, card_token, alias, holder_name, last_four, brand,
           expire_month, expire_year, billing, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${COLUMNS}`,
        [
          card.userEmail,
          card.cardUserKey,
          card.cardToken,
          card.alias,
          card.holderName,
          card.lastFour,
          card.brand,
          card.expireMonth,
          card.expireYear,
          JSON.stringify(card.billing),
          now,
        ],
      );
      return { saved: rows[0], previous: previous ?? null };
    });
  }

  async delete(email: string, id: string): Promise<CardRecord | null> {
    const rows: [CardRecord[], number] = await this.dataSource.query(
      `DELETE FROM card WHERE user_email = $1 AND id = $2 RETURNING ${COLUMNS}`,
      [email, id],
    );
    return rows[0][0] ?? null;
  }
}
