import type { MessageInitShape } from '@bufbuild/protobuf';
import type {
  AsinCheckCounts,
  ScanCoverage,
  ScanCoverageSchema,
} from './gen/shelfscan/scraper/v1/events_pb.js';

type Data<M> = Omit<M, '$typeName'>;

/**
 * `scraper.v1.ScanCoverage` as plain data: the message without protobuf's type name, an absent
 * `reported` or `asinCheck` as null. The scraper keeps it with a finished scan, the search service
 * with the todo (jsonb), the gateway answers it as `coverage` and the web app words it. (Rows the
 * search migration 1766000000003 read from English lines leave out `asinCheck` unless a check.)
 */
export type CoverageFacts = Omit<
  Data<ScanCoverage>,
  'reported' | 'asinCheck' | 'wholeStore' | 'unpricedUnproven'
> & {
  reported: number | null;
  asinCheck?: Data<AsinCheckCounts> | null;
  /** Absent from facts stored before the field (read as false and 0: nothing claimed gone). */
  wholeStore?: boolean;
  unpricedUnproven?: number;
};

/** The facts of a ScanCoverage message. */
export function coverageFactsOf(m: ScanCoverage): CoverageFacts {
  const a = m.asinCheck;
  return {
    found: m.found,
    reported: m.reported ?? null,
    reportedIsLowerBound: m.reportedIsLowerBound,
    filtered: m.filtered,
    listLimit: m.listLimit,
    stoppedAtListLimit: m.stoppedAtListLimit,
    unpricedMissing: m.unpricedMissing,
    unpricedMissingEstimated: m.unpricedMissingEstimated,
    unreached: m.unreached,
    wholeStore: m.wholeStore,
    unpricedUnproven: m.unpricedUnproven,
    asinCheck: a
      ? { checked: a.checked, sold: a.sold, unavailable: a.unavailable, notFound: a.notFound }
      : null,
  };
}

/** The ScanCoverage message of stored facts. */
export function coverageMessageOf(f: CoverageFacts): MessageInitShape<typeof ScanCoverageSchema> {
  return { ...f, reported: f.reported ?? undefined, asinCheck: f.asinCheck ?? undefined };
}
