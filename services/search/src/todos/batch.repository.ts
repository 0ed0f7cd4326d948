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
}
