import { Inject, Injectable } from '@nestjs/common';
import { BusError } from '@shelfscan/bus';
import { Clock, SystemParameters } from '@shelfscan/service';
import { DataSource, type EntityManager } from 'typeorm';

const HOUR_MS = 3_600_000;

/**
 * The block of numbers an SMS-pumping run walks through: the number without its last four digits
 * (10,000 numbers of one operator's range).
 */
const smsPrefixOf = (e164: string) => e164.slice(0, -4);

/**
 * The SMS limits of the last hour (issue 20), each a system parameter: per number
 * (`sms.perNumberHourlyLimit`), per block of numbers (`sms.perPrefixHourlyLimit`) and in total
 * (`sms.hourlyLimit`), so phone verification cannot be used to pump SMS to premium or
 * sequential numbers. Checked and recorded in one transaction under one advisory lock, so
 * concurrent sends never pass a limit; read on the Clock port.
 */
@Injectable()
export class SmsBudget {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SystemParameters) private readonly parameters: SystemParameters,
  ) {}

  /** Takes one SMS of the hour for `phone` (E.164), or throws 429 smsNumberTooMany | smsTooMany. */
  async take(phone: string): Promise<void> {
    const now = this.clock.now();
    const since = new Date(now.getTime() - HOUR_MS);
    const n = (key: string) => this.parameters.number(key);
    await this.dataSource.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('auth.sms_sent'))`);
      await m.query(`DELETE FROM sms_sent WHERE sent_at <= $1`, [since]);
      const scopes: Scope[] = [
        {
          filter: 'phone = $3',
          value: phone,
          limit: n('sms.perNumberHourlyLimit'),
          reason: 'smsNumberTooMany',
        },
        {
          filter: "phone LIKE $3 || '%'",
          value: smsPrefixOf(phone),
          limit: n('sms.perPrefixHourlyLimit'),
          reason: 'smsTooMany',
        },
        { limit: n('sms.hourlyLimit'), reason: 'smsTooMany' },
      ];
      for (const scope of scopes) {
        const freeAt = await this.freeAt(m, scope, since);
        if (freeAt !== null) throw tooMany(scope.reason, freeAt - now.getTime());
      }
      await m.query(`INSERT INTO sms_sent (phone, sent_at) VALUES ($1, $2)`, [phone, now]);
    });
  }

  /** When the scope has room again (ms since the epoch), or null when it has room now. */
  private async freeAt(m: EntityManager, scope: Scope, since: Date): Promise<number | null> {
    if (scope.limit <= 0) return since.getTime() + 2 * HOUR_MS;
    // The limit-th newest send of the hour in this scope: once it is an hour old, there is room.
    const rows: { sent_at: Date }[] = await m.query(
      `SELECT sent_at FROM sms_sent WHERE sent_at > $1 ${scope.filter ? `AND ${scope.filter}` : ''}
        ORDER BY sent_at DESC OFFSET $2 LIMIT 1`,
      scope.filter ? [since, scope.limit - 1, scope.value] : [since, scope.limit - 1],
    );
    return rows[0] ? new Date(rows[0].sent_at).getTime() + HOUR_MS : null;
  }
}

/** A limit: the sends it counts (a condition on `phone`, or all of them), how many an hour, the refusal. */
interface Scope {
  filter?: string;
  value?: string;
  limit: number;
  reason: 'smsNumberTooMany' | 'smsTooMany';
}

function tooMany(reason: string, waitMs: number): BusError {
  return new BusError('RESOURCE_EXHAUSTED', reason, {
    reason,
    retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
  });
}
