import { Inject, Injectable } from '@nestjs/common';
import { formatMessage, isMessageKey } from '@shelfscan/messages';
import { BusError, OutboxRelay, addToOutbox } from '@shelfscan/bus';
import { billingEventsV1 } from '@shelfscan/contracts';
import { withAdvisoryLock } from '@shelfscan/db';
import { createLogger } from '@shelfscan/observability';
import { Clock, SystemParameters, istanbulDate, istanbulMidnight } from '@shelfscan/service';
import { DataSource } from 'typeorm';
import { addressLine, CardsRepository } from '../cards/cards.repository.js';
import { ChargesService } from '../charges/charges.service.js';
import { FxRates } from '../fx/fx-rates.js';
import { InvoicesRepository } from '../invoices/invoices.repository.js';
import { computeCharge, dayOfMonth, firstOfMonth, firstOfNextMonth, minorToDecimal } from '../money/money.js';
import { BillingMails } from '../notifications/billing-mails.js';
import { monthlyFeeUsdCents } from '../plans/plan-catalogue.js';
import { PlansService } from '../plans/plans.service.js';
import { SubscriptionsRepository, type SubscriptionRecord } from '../plans/subscriptions.repository.js';

const log = createLogger('billing.renewal');
const LOCK = 'billing.renewal';

export interface RenewalReport {
  ran: boolean;
  charged: number;
  failed: number;
  expired: number;
}

/**
 * The monthly renewal (on the 1st, Europe/Istanbul) and dunning: every active plan whose period
 * has ended is charged for the month; a failure is retried on the days of billing.dunningDays,
 * never after a hard decline; when no retry is left the plan becomes inactive (PlanExpired
 * not_renewed). A PostgreSQL advisory lock keeps two runs apart, and the invoice of a
 * subscription period is paid once, so running it twice charges once.
 */
@Injectable()
export class RenewalService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SystemParameters) private readonly parameters: SystemParameters,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(SubscriptionsRepository) private readonly subscriptions: SubscriptionsRepository,
    @Inject(InvoicesRepository) private readonly invoices: InvoicesRepository,
    @Inject(CardsRepository) private readonly cards: CardsRepository,
    @Inject(ChargesService) private readonly charges: ChargesService,
    @Inject(PlansService) private readonly plans: PlansService,
    @Inject(FxRates) private readonly fx: FxRates,
    @Inject(BillingMails) private readonly mails: BillingMails,
  ) {}

  /** Runs the renewal for an Istanbul date (default today). */
  async run(date?: string): Promise<RenewalReport> {
    const day = date || istanbulDate(this.clock.now());
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day))
      throw new BusError('INVALID_ARGUMENT', 'dateInvalid', { reason: 'dateInvalid' });
    const run = await withAdvisoryLock(this.dataSource, LOCK, { wait: false }, () => this.runLocked(day));
    return run.locked ? run.value : { ran: false, charged: 0, failed: 0, expired: 0 };
  }

  /** Retries the user's past-due plans now (their card was just updated). */
  async retryNow(email: string): Promise<void> {
    const today = istanbulDate(this.clock.now());
    for (const sub of await this.subscriptions.pastDue(email)) {
      if (!sub.hardDeclined) await this.attempt(sub, today);
    }
  }

  private async runLocked(day: string): Promise<RenewalReport> {
    const report: RenewalReport = { ran: true, charged: 0, failed: 0, expired: 0 };
    const startOfDay = istanbulMidnight(day);
    for (const sub of await this.subscriptions.ended(startOfDay)) {
      await this.expire(sub, 'ended');
      report.expired++;
    }
    for (const sub of await this.subscriptions.dueForRenewal(startOfDay)) {
      this.count(report, await this.attempt(sub, day));
    }
    for (const sub of await this.subscriptions.pastDue()) {
      if (sub.lastAttemptDate === day) continue;
      const next = this.nextRetryDay(sub.lastAttemptDate);
      if (sub.hardDeclined || next === null || (sub.lastAttemptDate ?? '').slice(0, 7) !== day.slice(0, 7)) {
        await this.expire(sub, 'not_renewed');
        report.expired++;
      } else if (dayOfMonth(day) >= next) {
        this.count(report, await this.attempt(sub, day));
      }
    }
    this.relay.nudge();
    log.info({ day, ...report }, 'renewal run');
    return report;
  }

  private count(report: RenewalReport, outcome: 'charged' | 'failed' | 'expired'): void {
    report[outcome]++;
    if (outcome === 'expired') report.failed++;
  }

  /** The next dunning day of the month after the last attempt's day; null when none is left. */
  private nextRetryDay(lastAttemptDate: string | null): number | null {
    const last = lastAttemptDate ? dayOfMonth(lastAttemptDate) : 0;
    const days = this.dunningDays().filter((d) => d > last);
    return days.length ? days[0] : null;
  }

  private dunningDays(): number[] {
    return this.parameters
      .text('billing.dunningDays')
      .split(',')
      .map((d) => Number(d.trim()))
      .filter((d) => Number.isInteger(d) && d >= 1 && d <= 28)
      .sort((a, b) => a - b);
  }

  /** Charges the month of `day` for this plan; a failure becomes (or stays) a dunning case. */
  private async attempt(sub: SubscriptionRecord, day: string): Promise<'charged' | 'failed' | 'expired'> {
    const month = firstOfMonth(day);
    const periodStart = istanbulMidnight(month);
    const periodEnd = istanbulMidnight(firstOfNextMonth(month));
    const card = await this.cards.find(sub.userEmail);
    let failure: { reason: string; hard: boolean; threeDs?: boolean };
    try {
      const rate = await this.fx.rateFor(day);
      // A renewal is the whole month (priced as on its 1st); promotions apply to the first charge only.
      const breakdown = computeCharge({
        monthlyFeeUsdCents: monthlyFeeUsdCents(this.parameters),
        today: month,
        rate,
      });
      const invoice = await this.dataSource.transaction(async (m) => {
        const inv = await this.invoices.draft(
          m,
          {
            subscriptionId: sub.id,
            userEmail: sub.userEmail,
            period: month.slice(0, 7),
            usdCents: breakdown.usdCents,
            discountUsdCents: 0n,
            rate: minorToDecimal(rate.units4, 4),
            bulletinDate: rate.bulletinDate,
            tryKurus: breakdown.tryKurus!,
            description: `ShelfScan ${sub.features.join(', ')} ${month.slice(0, 7)}`,
            periodStart,
            periodEnd,
            buyer: {
              name: card?.holderName ?? sub.userEmail,
              address: addressLine(card?.billing),
              email: sub.userEmail,
            },
          },
          this.clock.now(),
        );
        if (inv.status === 'draft')
          await this.invoices.reprice(m, inv.id, {
            rate: minorToDecimal(rate.units4, 4),
            bulletinDate: rate.bulletinDate,
            tryKurus: breakdown.tryKurus!,
          });
        return this.invoices.lockInvoice(m, inv.id);
      });
      const result = await this.charges.settle(invoice, {
        card,
        itemName: `ShelfScan ${sub.features.join(', ')}`,
        features: sub.features,
        onPaid: (m) => this.plans.activate(m, sub, periodStart, periodEnd),
      });
      if (result.paid) return 'charged';
      // A bank asking for 3-D Secure needs the user: a dunning case, the mail says how to pay.
      failure = {
        reason: result.decline.errorMessage,
        hard: result.decline.hardDecline,
        threeDs: result.decline.threeDsRequired,
      };
    } catch (err) {
      if (!(err instanceof BusError)) throw err;
      // No card, no rate, or an unknown outcome: a soft failure, retried on the schedule.
      const lang = sub.lang === 'en' ? 'en' : 'tr';
      const reason = isMessageKey(err.message)
        ? formatMessage(lang, err.message, { detail: err.options.detail ?? '' })
        : err.message;
      failure = { reason, hard: false };
    }
    const updated = await this.dataSource.transaction((m) =>
      this.subscriptions.recordFailure(m, sub.id, { date: day, hardDecline: failure.hard }),
    );
    const next = failure.hard ? null : this.nextRetryDay(day);
    log.info({ subscriptionId: sub.id, day, hard: failure.hard, next }, 'renewal charge failed');
    const nextDate = next === null ? null : `${day.slice(0, 8)}${String(next).padStart(2, '0')}`;
    await this.mails.paymentFailed(sub.userEmail, sub.lang, failure.reason, nextDate, !!failure.threeDs);
    if (next === null) {
      await this.expire(updated, 'not_renewed');
      return 'expired';
    }
    return 'failed';
  }

  private async expire(sub: SubscriptionRecord, reason: 'ended' | 'not_renewed'): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await this.subscriptions.setStatus(m, sub.id, 'inactive');
      await addToOutbox(m, billingEventsV1.PlanExpiredSchema, {
        subscriptionId: sub.id,
        userEmail: sub.userEmail,
        reason,
      });
    });
  }
}
