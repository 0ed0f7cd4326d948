import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { coverageFactsOf, coverageMessageOf, scraperEventsV1, type CoverageFacts } from './index';

const { ScanCoverageSchema } = scraperEventsV1;

const facts: CoverageFacts = {
  found: 1000,
  reported: 1200,
  reportedIsLowerBound: false,
  filtered: false,
  listLimit: 2720,
  stoppedAtListLimit: false,
  unpricedMissing: 130,
  unpricedMissingEstimated: true,
  unreached: 70,
  wholeStore: true,
  unpricedUnproven: 3,
  asinCheck: null,
};

const onTheWire = (f: CoverageFacts) =>
  coverageFactsOf(
    fromBinary(
      ScanCoverageSchema,
      toBinary(ScanCoverageSchema, create(ScanCoverageSchema, coverageMessageOf(f))),
    ),
  );

describe('coverage facts: ScanCoverage as plain data', () => {
  it('cross the bus unchanged', () => {
    expect(onTheWire(facts)).toEqual(facts);
    const check = { ...facts, found: 2, asinCheck: { checked: 4, sold: 2, unavailable: 0, notFound: 2 } };
    expect(onTheWire(check)).toEqual(check);
  });

  it('facts stored before wholeStore and unpricedUnproven cross as false and 0 (nothing claimed gone)', () => {
    const { wholeStore: _w, unpricedUnproven: _u, ...older } = facts;
    expect(onTheWire(older)).toMatchObject({ wholeStore: false, unpricedUnproven: 0 });
  });

  it('an absent count is null, not 0 (Amazon showed none)', () => {
    expect(onTheWire({ ...facts, reported: null }).reported).toBeNull();
    expect(onTheWire({ ...facts, reported: 0 }).reported).toBe(0);
  });

  it('stored facts without asinCheck (read from an English line) make a message without it', () => {
    const { asinCheck: _omitted, ...line } = facts;
    expect(create(ScanCoverageSchema, coverageMessageOf(line)).asinCheck).toBeUndefined();
  });
});
