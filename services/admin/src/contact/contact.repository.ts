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
}

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

  async insert(m: Omit<ContactMessageRecord, 'id' | 'mailedAt'>, manager: EntityManager): Promise<string> {
    const rows: { id: string }[] = await manager.query(
      `INSERT INTO contact_message (user_email, name, subject, message, created_at)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [m.userEmail, m.name, m.subject, m.message, m.createdAt],
    );
    return rows[0].id;
  }

  async markMailed(id: string, at: Date): Promise<void> {
    await this.dataSource.query(`UPDATE contact_message SET mailed_at = $2 WHERE id = $1`, [id, at]);
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
    }[] = await this.dataSource.query(
      `SELECT id, user_email, name, subject, message, created_at, mailed_at FROM contact_message
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
