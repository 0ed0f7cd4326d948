import type { TrackerSchedule } from './tracker.repository.js';

/** Europe/Istanbul is UTC+3 all year (no daylight saving time since 2016). */
const ISTANBUL_OFFSET_MS = 3 * 3_600_000;
const DAY_MS = 86_400_000;

/**
 * The first instant after `after` at `hour` o'clock in Istanbul on a day the schedule runs: every
 * day, or (weekly) the ISO weekday `weekday` (1 = Monday … 7 = Sunday). Counted from `after`, so
 * a run missed while everything was down is due once, not once per missed period.
 */
export function nextRunAfter(
  after: Date,
  schedule: TrackerSchedule,
  hour: number,
  weekday: number | null,
): Date {
  const local = new Date(after.getTime() + ISTANBUL_OFFSET_MS);
  let at =
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), hour) - ISTANBUL_OFFSET_MS;
  if (at <= after.getTime()) at += DAY_MS;
  if (schedule === 'weekly') {
    const isoDay = (ms: number) => new Date(ms + ISTANBUL_OFFSET_MS).getUTCDay() || 7;
    while (isoDay(at) !== (weekday ?? 1)) at += DAY_MS;
  }
  return new Date(at);
}
