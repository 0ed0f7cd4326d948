import {
  adminEventsV1,
  authEventsV1,
  billingEventsV1,
  eventTopic,
  scraperEventsV1,
  type adminV1,
} from '@shelfscan/contracts';
import type { DescMessage } from '@bufbuild/protobuf';
import { istanbulDate } from '@shelfscan/service';
import type { Payload } from '../read-models/projections.js';

type Item = Pick<adminV1.ActivityItem, 'type' | 'summary'>;

const s = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
/** The Istanbul day of an instant (the day rule of every period), '' for none. */
const day = (v: unknown) => (s(v) ? istanbulDate(s(v)) : '');
const join = (...parts: string[]) => parts.filter(Boolean).join(' · ');
/** Kuruş (a decimal string in the log) as lira with 2 decimals: "790.73 TRY". */
function lira(kurus: unknown): string {
  const n = BigInt(s(kurus) || '0');
  const sign = n < 0n ? '-' : '';
  const abs = n < 0n ? -n : n;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')} TRY`;
}
const scan = (e: Payload) => `scan ${s(e.scanId).slice(0, 8)}`;
const by = (who: unknown) => (s(who) ? `by ${s(who)}` : '');

const DESCRIBE: [DescMessage, (e: Payload) => Item][] = [
  [
    authEventsV1.UserRegisteredSchema,
    (e) => ({ type: 'registered', summary: join(`${s(e.firstName)} ${s(e.lastName)}`.trim(), s(e.langKey)) }),
  ],
  [authEventsV1.UserActivatedSchema, () => ({ type: 'activated', summary: '' })],
  [authEventsV1.UserDeactivatedSchema, (e) => ({ type: 'deactivated', summary: by(e.changedBy) })],
  [authEventsV1.UserReactivatedSchema, (e) => ({ type: 'reactivated', summary: by(e.changedBy) })],
  [
    authEventsV1.UserProfileChangedSchema,
    (e) => ({ type: 'profileChanged', summary: `${s(e.firstName)} ${s(e.lastName)}`.trim() }),
  ],
  [
    billingEventsV1.PlanActivatedSchema,
    (e) => {
      const plan = join(
        ((e.features as string[] | undefined) ?? []).join(', '),
        `${day(e.periodStart)} → ${day(e.periodEnd)}`,
      );
      if (s(e.grantedBy))
        return { type: 'planGranted', summary: join(plan, `${by(e.grantedBy)}: ${s(e.grantReason)}`) };
      return { type: e.trial === true ? 'trialStarted' : 'planActivated', summary: plan };
    },
  ],
  [
    billingEventsV1.PlanCancelledSchema,
    (e) => ({ type: 'planCancelled', summary: `usable until ${day(e.periodEnd)}` }),
  ],
  [billingEventsV1.PlanExpiredSchema, (e) => ({ type: 'planExpired', summary: s(e.reason) })],
  [
    billingEventsV1.InvoiceFinalizedSchema,
    (e) => ({
      type: 'invoiceFinalized',
      summary: join(`#${s(e.invoiceNumber)}`, s(e.period), lira(e.tryKurus), s(e.conversationId)),
    }),
  ],
  [
    billingEventsV1.InvoiceRefundedSchema,
    (e) => ({
      type: 'invoiceRefunded',
      summary: join(s(e.kind), lira(e.refundedTryKurus), s(e.reason), by(e.refundedBy)),
    }),
  ],
  [
    scraperEventsV1.ScanRequestedSchema,
    (e) => ({
      type: 'scanRequested',
      summary: join(scan(e), s(e.type), s(e.market), s(e.sellerId), s(e.fileName)),
    }),
  ],
  [
    scraperEventsV1.ScanStartedSchema,
    (e) => ({ type: 'scanStarted', summary: join(scan(e), `attempt ${s(e.attempt) || '1'}`) }),
  ],
  [
    scraperEventsV1.ScanCompletedSchema,
    (e) => ({
      type: 'scanCompleted',
      summary: join(scan(e), `${s(e.asinCount) || '0'} ASINs`, s(e.outcome) || 'complete'),
    }),
  ],
  [
    scraperEventsV1.ScanFailedSchema,
    (e) => ({ type: 'scanFailed', summary: join(scan(e), `${s(e.code)}: ${s(e.reason)}`) }),
  ],
  [
    scraperEventsV1.ScanCancelledSchema,
    (e) => ({ type: 'scanCancelled', summary: join(scan(e), `${s(e.asinsFound) || '0'} ASINs found`) }),
  ],
  [adminEventsV1.UserDeletedSchema, (e) => ({ type: 'deleted', summary: by(e.deletedBy) })],
];

const BY_TOPIC = new Map(DESCRIBE.map(([schema, f]) => [eventTopic(schema), f]));

/** One logged event as a line of the user's activity: a type the web translates and the facts. */
export function describeEvent(topic: string, payload: Payload): Item {
  return BY_TOPIC.get(topic)?.(payload) ?? { type: topic, summary: '' };
}
