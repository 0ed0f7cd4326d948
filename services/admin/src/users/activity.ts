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

type Item = Pick<adminV1.ActivityItem, 'type' | 'summary' | 'facts'>;

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
const scanId = (e: Payload) => s(e.scanId).slice(0, 8);
const scan = (e: Payload) => `scan ${scanId(e)}`;
const by = (who: unknown) => (s(who) ? `by ${s(who)}` : '');
/** The facts by name, empty ones left out. */
const facts = (all: Record<string, string>) => Object.fromEntries(Object.entries(all).filter(([, v]) => v));

const DESCRIBE: [DescMessage, (e: Payload) => Item][] = [
  [
    authEventsV1.UserRegisteredSchema,
    (e) => {
      const name = `${s(e.firstName)} ${s(e.lastName)}`.trim();
      return {
        type: 'registered',
        summary: join(name, s(e.langKey)),
        facts: facts({ name, lang: s(e.langKey) }),
      };
    },
  ],
  [authEventsV1.UserActivatedSchema, () => ({ type: 'activated', summary: '', facts: {} })],
  [
    authEventsV1.UserDeactivatedSchema,
    (e) => ({ type: 'deactivated', summary: by(e.changedBy), facts: facts({ by: s(e.changedBy) }) }),
  ],
  [
    authEventsV1.UserReactivatedSchema,
    (e) => ({ type: 'reactivated', summary: by(e.changedBy), facts: facts({ by: s(e.changedBy) }) }),
  ],
  [
    authEventsV1.UserProfileChangedSchema,
    (e) => {
      const name = `${s(e.firstName)} ${s(e.lastName)}`.trim();
      return { type: 'profileChanged', summary: name, facts: facts({ name }) };
    },
  ],
  [
    billingEventsV1.PlanActivatedSchema,
    (e) => {
      const features = ((e.features as string[] | undefined) ?? []).join(', ');
      const plan = join(features, `${day(e.periodStart)} → ${day(e.periodEnd)}`);
      const known = { features, from: day(e.periodStart), to: day(e.periodEnd) };
      if (s(e.grantedBy))
        return {
          type: 'planGranted',
          summary: join(plan, `${by(e.grantedBy)}: ${s(e.grantReason)}`),
          facts: facts({ ...known, by: s(e.grantedBy), reason: s(e.grantReason) }),
        };
      return {
        type: e.trial === true ? 'trialStarted' : 'planActivated',
        summary: plan,
        facts: facts(known),
      };
    },
  ],
  [
    billingEventsV1.PlanCancelledSchema,
    (e) => ({
      type: 'planCancelled',
      summary: `usable until ${day(e.periodEnd)}`,
      facts: facts({ until: day(e.periodEnd) }),
    }),
  ],
  [
    billingEventsV1.PlanExpiredSchema,
    (e) => ({ type: 'planExpired', summary: s(e.reason), facts: facts({ reason: s(e.reason) }) }),
  ],
  [
    billingEventsV1.InvoiceFinalizedSchema,
    (e) => ({
      type: 'invoiceFinalized',
      summary: join(`#${s(e.invoiceNumber)}`, s(e.period), lira(e.tryKurus), s(e.conversationId)),
      facts: facts({
        number: s(e.invoiceNumber),
        period: s(e.period),
        tryKurus: s(e.tryKurus),
        conversationId: s(e.conversationId),
      }),
    }),
  ],
  [
    billingEventsV1.InvoiceRefundedSchema,
    (e) => ({
      type: 'invoiceRefunded',
      summary: join(s(e.kind), lira(e.refundedTryKurus), s(e.reason), by(e.refundedBy)),
      facts: facts({
        kind: s(e.kind),
        tryKurus: s(e.refundedTryKurus),
        reason: s(e.reason),
        by: s(e.refundedBy),
      }),
    }),
  ],
  [
    scraperEventsV1.ScanRequestedSchema,
    (e) => ({
      type: 'scanRequested',
      summary: join(scan(e), s(e.type), s(e.market), s(e.sellerId), s(e.fileName)),
      facts: facts({
        scan: scanId(e),
        searchType: s(e.type),
        market: s(e.market),
        sellerId: s(e.sellerId),
        fileName: s(e.fileName),
      }),
    }),
  ],
  [
    scraperEventsV1.ScanStartedSchema,
    (e) => ({
      type: 'scanStarted',
      summary: join(scan(e), `attempt ${s(e.attempt) || '1'}`),
      facts: facts({ scan: scanId(e), attempt: s(e.attempt) || '1' }),
    }),
  ],
  [
    scraperEventsV1.ScanCompletedSchema,
    (e) => ({
      type: 'scanCompleted',
      summary: join(scan(e), `${s(e.asinCount) || '0'} ASINs`, s(e.outcome) || 'complete'),
      facts: facts({ scan: scanId(e), asins: s(e.asinCount) || '0', outcome: s(e.outcome) || 'complete' }),
    }),
  ],
  [
    scraperEventsV1.ScanFailedSchema,
    (e) => ({
      type: 'scanFailed',
      summary: join(scan(e), `${s(e.code)}: ${s(e.reason)}`),
      facts: facts({ scan: scanId(e), code: s(e.code), reason: s(e.reason) }),
    }),
  ],
  [
    scraperEventsV1.ScanCancelledSchema,
    (e) => ({
      type: 'scanCancelled',
      summary: join(scan(e), `${s(e.asinsFound) || '0'} ASINs found`),
      facts: facts({ scan: scanId(e), asins: s(e.asinsFound) || '0' }),
    }),
  ],
  [
    adminEventsV1.UserDeletedSchema,
    (e) => ({ type: 'deleted', summary: by(e.deletedBy), facts: facts({ by: s(e.deletedBy) }) }),
  ],
];

const BY_TOPIC = new Map(DESCRIBE.map(([schema, f]) => [eventTopic(schema), f]));

/** One logged event as a line of the user's activity: a type the web translates and the facts. */
export function describeEvent(topic: string, payload: Payload): Item {
  return BY_TOPIC.get(topic)?.(payload) ?? { type: topic, summary: '', facts: {} };
}
