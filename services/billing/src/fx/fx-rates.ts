import { Inject, Injectable } from '@nestjs/common';
import { BusError } from '@shelfscan/bus';
import { createLogger } from '@shelfscan/observability';
import { Clock, HOUR, SERVICE_CONFIG, SystemParameters } from '@shelfscan/service';
import { DataSource } from 'typeorm';
import type { BillingConfig } from '../config.js';
import { daysBetween, decimalToMinor, type Rate } from '../money/money.js';
import { parseBulletin, type Bulletin } from './tcmb.js';

const log = createLogger('billing.fx');
/** Waits between fetch attempts (three attempts in all). */
const RETRY_DELAYS_MS = [300, 1200];
const FETCH_TIMEOUT_MS = 10_000;

/**
 * The USD rate to charge with: the central bank's bulletins, fetched from FX_RATES_URL with
 * retries and kept by bulletin date. A charge uses the newest bulletin at most
 * billing.fxMaxAgeDays old; with none, it is refused with the reason (fxRateUnavailable).
 */
@Injectable()
export class FxRates {
  private lastFetchMs = Number.NEGATIVE_INFINITY;
  private lastError = '';

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SystemParameters) private readonly parameters: SystemParameters,
    @Inject(SERVICE_CONFIG) private readonly config: BillingConfig,
  ) {}

  /** The rate for a charge on `today` (an Istanbul date). */
  async rateFor(today: string): Promise<Rate> {
    const maxAge = this.parameters.number('billing.fxMaxAgeDays');
    let latest = await this.latest();
    const stale = !latest || latest.date !== today;
    if (stale && this.clock.nowMs() - this.lastFetchMs >= HOUR) {
      await this.refresh();
      latest = await this.latest();
    }
    if (!latest || daysBetween(latest.date, today) > maxAge) {
      log.warn(
        { newestBulletin: latest?.date ?? null, maxAgeDays: maxAge, lastError: this.lastError || null },
        'no exchange rate for a charge',
      );
      throw new BusError('FAILED_PRECONDITION', 'fxRateUnavailable', { reason: 'fxRateUnavailable' });
    }
    return { units4: decimalToMinor(latest.usdForexSelling, 4), bulletinDate: latest.date };
  }

  /** Fetches today.xml (with retries) and stores its bulletin; failures are remembered, not thrown. */
  async refresh(): Promise<Bulletin | null> {
    this.lastFetchMs = this.clock.nowMs();
    try {
      const bulletin = parseBulletin(await this.fetchWithRetries());
      await this.dataSource.query(
        `INSERT INTO fx_bulletin (bulletin_date, bulletin_no, usd_forex_selling, fetched_at)
         VALUES ($1, $2, $3, $4) ON CONFLICT (bulletin_date) DO NOTHING`,
        [bulletin.date, bulletin.number, bulletin.usdForexSelling, this.clock.now()],
      );
      this.lastError = '';
      return bulletin;
    } catch (err) {
      this.lastError = (err as Error).message;
      log.warn({ err: this.lastError, url: this.config.FX_RATES_URL }, 'central bank bulletin not read');
      return null;
    }
  }

  private async fetchWithRetries(): Promise<string> {
    let lastErr: unknown;
    for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt++) {
      if (attempt) await new Promise((r) => setTimeout(r, RETRY_DELAYS_MS[attempt - 1]));
      try {
        const res = await fetch(this.config.FX_RATES_URL, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
        if (res.ok) return await res.text();
        lastErr = new Error(`HTTP ${res.status}`);
        if (res.status < 500 && res.status !== 429) break;
      } catch (err) {
        lastErr = err;
      }
    }
    throw lastErr instanceof Error ? lastErr : new Error(String(lastErr));
  }

  private async latest(): Promise<Bulletin | null> {
    const rows: { date: string; number: string; rate: string }[] = await this.dataSource.query(
      `SELECT to_char(bulletin_date, 'YYYY-MM-DD') AS date, bulletin_no AS number,
              usd_forex_selling::text AS rate
       FROM fx_bulletin ORDER BY bulletin_date DESC LIMIT 1`,
    );
    return rows[0] ? { date: rows[0].date, number: rows[0].number, usdForexSelling: rows[0].rate } : null;
  }
}
