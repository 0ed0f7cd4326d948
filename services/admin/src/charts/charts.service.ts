import { Inject, Injectable } from '@nestjs/common';
import { BusError, type Violation } from '@shelfscan/bus';
import { authEventsV1, eventTopic, type adminV1 } from '@shelfscan/contracts';
import { Clock, ISTANBUL, assertAdmin, istanbulToday } from '@shelfscan/service';
import { DataSource } from 'typeorm';

/** The default range: this many Istanbul days, up to today. */
export const DEFAULT_CHART_DAYS = 30;
/** The longest range a chart request may ask for, in days. */
export const MAX_CHART_DAYS = 366;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** A YYYY-MM-DD that is a real calendar day, as a UTC midnight (for day arithmetic only). */
function calendarDay(s: string): Date | null {
  if (!DATE.test(s)) return null;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s) ? d : null;
}
const ymd = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The charts of the admin home, from the read models, over a range of Europe/Istanbul days:
 * scans per day by type (when requested), sign-ups per day, revenue per month in kuruş (final
 * invoices in the month they were finalized, minus refunds in the month they were made; every
 * month the range touches, whole), scan failures by the scraper's code (failed within the range).
 */
@Injectable()
export class ChartsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async get(req: adminV1.GetChartsRequest) {
    assertAdmin(req.caller);
    const { from, to } = this.range(req.from.trim(), req.to.trim());
    const params = [from, to, ISTANBUL];
    // The instants of the range: from the first day's Istanbul midnight to the one after the last day.
    const within = (column: string) =>
      `${column} >= $1::date::timestamp AT TIME ZONE $3::text AND ${column} < ($2::date + 1)::timestamp AT TIME ZONE $3::text`;
    const days = `SELECT generate_series($1::date, $2::date, interval '1 day')::date AS d`;
    const localDay = (column: string) => `(${column} AT TIME ZONE $3::text)::date`;

    return this.dataSource.transaction('REPEATABLE READ', async (m) => {
      const scans: adminV1.ScansOfDay[] = await m.query(
        `WITH days AS (${days}),
              s AS (SELECT ${localDay('requested_at')} AS d, type, tracked FROM scan_view WHERE ${within('requested_at')})
         SELECT to_char(days.d, 'YYYY-MM-DD') AS date,
                count(s.d) FILTER (WHERE s.type = 'standard' AND NOT s.tracked)::int AS standard,
                count(s.d) FILTER (WHERE s.type = 'deep' AND NOT s.tracked)::int AS deep,
                count(s.d) FILTER (WHERE s.type = 'functional' AND NOT s.tracked)::int AS functional,
                count(s.d) FILTER (WHERE s.tracked)::int AS tracked
           FROM days LEFT JOIN s ON s.d = days.d GROUP BY days.d ORDER BY days.d`,
        params,
      );
      const signups: adminV1.SignupsOfDay[] = await m.query(
        `WITH days AS (${days}),
              u AS (SELECT ${localDay('occurred_at')} AS d FROM event_log
                     WHERE topic = $4 AND ${within('occurred_at')})
         SELECT to_char(days.d, 'YYYY-MM-DD') AS date, count(u.d)::int AS count
           FROM days LEFT JOIN u ON u.d = days.d GROUP BY days.d ORDER BY days.d`,
        // From the log, not user_view: a deleted user's sign-up stays counted (its entry is kept under
        // a pseudonym), as their scans and invoices do.
        [...params, eventTopic(authEventsV1.UserRegisteredSchema)],
      );
      const revenue: { month: string; kurus: string }[] = await m.query(
        `WITH months AS (
           SELECT generate_series(date_trunc('month', $1::date), date_trunc('month', $2::date), interval '1 month')::date AS m
         ),
         money AS (
           SELECT date_trunc('month', finalized_at AT TIME ZONE $3::text)::date AS m, try_kurus AS kurus FROM invoice_view
           UNION ALL
           SELECT date_trunc('month', refunded_at AT TIME ZONE $3::text)::date, -refunded_try_kurus FROM invoice_refund_view
         )
         SELECT to_char(months.m, 'YYYY-MM') AS month, COALESCE(sum(money.kurus), 0)::text AS kurus
           FROM months LEFT JOIN money ON money.m = months.m GROUP BY months.m ORDER BY months.m`,
        params,
      );
      const failures: adminV1.FailuresOfReason[] = await m.query(
        `SELECT failure_code AS reason, count(*)::int AS count FROM scan_view
          WHERE status = 'failed' AND ${within('finished_at')}
          GROUP BY failure_code ORDER BY count DESC, failure_code`,
        params,
      );
      return {
        from,
        to,
        scansPerDay: scans,
        signupsPerDay: signups,
        revenuePerMonth: revenue.map((r) => ({ month: r.month, tryKurus: BigInt(r.kurus) })),
        failuresByReason: failures,
      };
    });
  }

  /** The asked range, or its defaults (the 30 days up to today in Istanbul); violations name from/to. */
  private range(fromText: string, toText: string): { from: string; to: string } {
    const violations: Violation[] = [];
    const today = istanbulToday(this.clock);
    const to = toText ? calendarDay(toText) : calendarDay(today);
    if (!to) violations.push({ field: 'to', msg: 'dateInvalid' });
    const from = fromText
      ? calendarDay(fromText)
      : to && new Date(to.getTime() - (DEFAULT_CHART_DAYS - 1) * DAY_MS);
    if (!from && fromText) violations.push({ field: 'from', msg: 'dateInvalid' });
    if (from && to && from > to) violations.push({ field: 'from', msg: 'dateRangeInvalid' });
    else if (from && to && (to.getTime() - from.getTime()) / DAY_MS + 1 > MAX_CHART_DAYS)
      violations.push({ field: 'to', msg: 'dateRangeTooLong' });
    if (violations.length || !from || !to)
      throw new BusError('INVALID_ARGUMENT', violations.map((v) => v.msg).join('\n'), { violations });
    return { from: ymd(from), to: ymd(to) };
  }
}
