import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export interface ContactMessageRecord {
  id: string;
  userEmail: string;
  name: string;
  subject: string;
  message: string;
  createdAt: Date;
  mailedAt: Date | null;
  mailFailures: number;
}

/** A message whose mail is due, claimed by one sender until `next_mail_at` (the lease). */
export type DueMessage = Pick<
  ContactMessageRecord,
  'id' | 'userEmail' | 'name' | 'subject' | 'message' | 'mailFailures'
>;

/** The only place that reads and writes `contact_message`. */
@Injectable()
export class ContactRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** Serialises one user's sends (the rate limit counts, then inserts). */
  async lockUser(email: string, manager: EntityManager): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('contact:' || $1))`, [email]);
  }

  /** The times of the user's messages since `since`, oldest first. */
  async sentSince(email: string, since: Date, manager: EntityManager): Promise<Date[]> {
    const rows: { created_at: Date }[] = await manager.query(
      `SELECT created_at FROM contact_message WHERE user_email = $1 AND created_at > $2 ORDER BY created_at`,
      [email, since],
    );
    return rows.map((r) => new Date(r.created_at));
  }

  /** Stores a message, claimed for its first mail until `claimedUntil`. */
  async insert(
    m: Omit<ContactMessageRecord, 'id' | 'mailedAt' | 'mailFailures'>,
    claimedUntil: Date,
    manager: EntityManager,
  ): Promise<string> {
    const rows: { id: string }[] = await manager.query(
      `INSERT INTO contact_message (user_email, name, subject, message, created_at, next_mail_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [m.userEmail, m.name, m.subject, m.message, m.createdAt, claimedUntil],
    );
    return rows[0].id;
  }

  /**
   * Claims up to `limit` unmailed messages due at `now`, moving their next try to `claimedUntil`
   * so that another sender (a second replica) skips them meanwhile.
   */
  async claimDue(now: Date, claimedUntil: Date, limit: number): Promise<DueMessage[]> {
    const rows: [DueMessage[], number] = await this.dataSource.query(
      `UPDATE contact_message SET next_mail_at = $2
        WHERE id IN (SELECT id FROM contact_message
                      WHERE mailed_at IS NULL AND next_mail_at <= $1
                      ORDER BY next_mail_at, id LIMIT $3 FOR UPDATE SKIP LOCKED)
        RETURNING id, user_email AS "userEmail", name, subject, message, mail_failures AS "mailFailures"`,
      [now, claimedUntil, limit],
    );
    return rows[0];
  }

  async markMailed(id: string, at: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE contact_message SET mailed_at = $2, next_mail_at = NULL WHERE id = $1`,
      [id, at],
    );
  }

  /** One more failed try; `nextAt` null when no try is left. */
  async markFailed(id: string, error: string, nextAt: Date | null): Promise<void> {
    await this.dataSource.query(
      `UPDATE contact_message SET mail_failures = mail_failures + 1, last_mail_error = $2, next_mail_at = $3
        WHERE id = $1`,
      [id, error.slice(0, 500), nextAt],
    );
  }

  async list(limit: number, offset: number): Promise<{ rows: ContactMessageRecord[]; total: number }> {
    const rows: {
      id: string;
      user_email: string;
      name: string;
      subject: string;
      message: string;
      created_at: Date;
      mailed_at: Date | null;
      mail_failures: number;
    }[] = await this.dataSource.query(
      `SELECT id, user_email, name, subject, message, created_at, mailed_at, mail_failures FROM contact_message
        ORDER BY created_at DESC, id LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
    const [{ count }]: { count: string }[] = await this.dataSource.query(
      `SELECT count(*) FROM contact_message`,
    );
    return {
      rows: rows.map((r) => ({
        id: r.id,
        userEmail: r.user_email,
        name: r.name,
        subject: r.subject,
        message: r.message,
        createdAt: new Date(r.created_at),
        mailedAt: r.mailed_at && new Date(r.mailed_at),
        mailFailures: r.mail_failures,
      })),
      total: Number(count),
    };
  }

  /** The sender's name from the users read model (empty when the account is not known here yet). */
  async senderName(email: string): Promise<string> {
    const rows: { name: string }[] = await this.dataSource.query(
      `SELECT trim(first_name || ' ' || last_name) AS name FROM user_view WHERE email = $1`,
      [email],
    );
    return rows[0]?.name ?? '';
  }
}
