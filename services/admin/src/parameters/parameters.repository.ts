import { Inject, Injectable } from '@nestjs/common';
import type { SystemParameterValue } from '@shelfscan/service';
import { DataSource, type EntityManager } from 'typeorm';

export interface ParameterChangeRecord {
  id: string;
  changedBy: string;
  changedAt: Date;
  before: SystemParameterValue[];
  after: SystemParameterValue[];
}

/** The only place that reads and writes `system_parameter` and `system_parameter_change`. */
@Injectable()
export class ParametersRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** The stored list, in order; empty until an admin first saved it. */
  async all(manager: EntityManager = this.dataSource.manager): Promise<SystemParameterValue[]> {
    const rows: SystemParameterValue[] = await manager.query(
      `SELECT key, description, value1, value2, value3 FROM system_parameter ORDER BY position`,
    );
    return rows.map((r) => ({ ...r }));
  }

  /** Takes the lock that serialises saves (two admins saving at once are applied one after the other). */
  async lock(manager: EntityManager): Promise<void> {
    await manager.query(`LOCK TABLE system_parameter IN SHARE ROW EXCLUSIVE MODE`);
  }

  async replace(values: SystemParameterValue[], manager: EntityManager): Promise<void> {
    await manager.query(`DELETE FROM system_parameter`);
    for (const [i, v] of values.entries()) {
      await manager.query(
        `INSERT INTO system_parameter (key, description, value1, value2, value3, position)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [v.key, v.description, v.value1, v.value2, v.value3, i],
      );
    }
  }

  async recordChange(change: Omit<ParameterChangeRecord, 'id'>, manager: EntityManager): Promise<void> {
    await manager.query(
      `INSERT INTO system_parameter_change (changed_by, changed_at, before, after) VALUES ($1, $2, $3, $4)`,
      [change.changedBy, change.changedAt, JSON.stringify(change.before), JSON.stringify(change.after)],
    );
  }

  async changes(limit: number, offset: number): Promise<{ rows: ParameterChangeRecord[]; total: number }> {
    const rows: {
      id: string;
      changed_by: string;
      changed_at: Date;
      before: SystemParameterValue[];
      after: SystemParameterValue[];
    }[] = await this.dataSource.query(
      `SELECT id, changed_by, changed_at, before, after FROM system_parameter_change
        ORDER BY changed_at DESC, id DESC LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
    const [{ count }]: { count: string }[] = await this.dataSource.query(
      `SELECT count(*) FROM system_parameter_change`,
    );
    return {
      rows: rows.map((r) => ({
        id: String(r.id),
        changedBy: r.changed_by,
        changedAt: new Date(r.changed_at),
        before: r.before,
        after: r.after,
      })),
      total: Number(count),
    };
  }
}
