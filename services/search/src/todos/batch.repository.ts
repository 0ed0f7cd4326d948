import { isUuid } from '@shelfscan/db';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/** A batch: many stores of one market and type asked for at once; its scans are todos naming it. */
export interface BatchRecord {
  id: string;
  userEmail: string;
  searchType: string;
  fileName: string;
  market: string;
  keyword: string | null;
  createdAt: Date;
}

interface BatchRow {
  id: string;
  user_email: string;
  search_type: string;
  file_name: string;
  market: string;
  keyword: string | null;
  created_at: Date;
}

const toBatch = (r: BatchRow): BatchRecord => ({
  id: r.id,
  userEmail: r.user_email,
  searchType: r.search_type,
  fileName: r.file_name,
  market: r.market,
  keyword: r.keyword,
  createdAt: r.created_at,
});

@Injectable()
export class BatchRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async insert(manager: EntityManager, b: BatchRecord): Promise<void> {
    await manager.query(
      `INSERT INTO todo_batch (id, user_email, search_type, file_name, market, keyword, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [b.id, b.userEmail, b.searchType, b.fileName, b.market, b.keyword, b.createdAt],
    );
  }

  /** The user's batch, or undefined (another user's is not found either). */
  async get(id: string, userEmail: string): Promise<BatchRecord | undefined> {
    if (!isUuid(id)) return undefined;
    const rows: BatchRow[] = await this.dataSource.query(
      'SELECT * FROM todo_batch WHERE id = $1 AND user_email = $2',
      [id, userEmail],
    );
    return rows[0] ? toBatch(rows[0]) : undefined;
  }

  /** A page of the user's batches, newest first, with how many there are (one query, as the todo list). */
  async list(userEmail: string, page: number, size: number): Promise<{ rows: BatchRecord[]; total: number }> {
    const rows: (BatchRow & { total_count: string })[] = await this.dataSource.query(
      `SELECT *, count(*) OVER () AS total_count FROM todo_batch WHERE user_email = $1
        ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
      [userEmail, size, page * size],
    );
    let total = Number(rows[0]?.total_count ?? 0);
    // A page past the end has no row to carry the total.
    if (!rows.length && page > 0) {
      const count: { n: string }[] = await this.dataSource.query(
        'SELECT count(*) AS n FROM todo_batch WHERE user_email = $1',
        [userEmail],
      );
      total = Number(count[0]?.n ?? 0);
    }
    return { rows: rows.map(toBatch), total };
  }
}
