import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A finished scan's coverage facts as the todo kept them when this migration was written
 * (CoverageFacts of @shelfscan/contracts then). A frozen copy on purpose: a migration must write
 * what it wrote on the day it ran, so a later change of the contract's type must not change (or
 * stop compiling) this one; a later migration converts the stored rows instead.
 */
interface StoredCoverage {
  found: number;
  reported: number | null;
  reportedIsLowerBound: boolean;
  filtered: boolean;
  listLimit: number;
  stoppedAtListLimit: boolean;
  unpricedMissing: number;
  unpricedMissingEstimated: boolean;
  unreached: number;
  asinCheck?: { checked: number; sold: number; unavailable: number; notFound: number };
}

const num = (s: string | undefined): number => Number((s ?? '0').replace(/,/g, ''));

/**
 * The facts of an English coverage line the scraper wrote before it sent them ("Found 60 ASINs of
 * the 60 Amazon reports (100%)."), or null for a line of another shape (then the line stays shown).
 */
export function coverageOfLine(line: string): StoredCoverage | null {
  const check =
    /^Checked ([\d,]+) ASINs? on \S+: ([\d,]+) sold there, ([\d,]+) currently unavailable, ([\d,]+) not found\.$/.exec(
      line,
    );
  if (check) {
    const [checked, sold, unavailable, notFound] = check.slice(1).map(num) as [
      number,
      number,
      number,
      number,
    ];
    return { ...empty(sold), asinCheck: { checked, sold, unavailable, notFound } };
  }
  const head =
    /^Found ([\d,]+) (?:matching )?ASINs?(?:; Amazon reports no results\.| of the (over )?([\d,]+) Amazon reports \((?:Amazon gives only a lower bound|[\d.]+%)\)\.| among the ([\d,]+) results Amazon reports for the refined search\.)/.exec(
      line,
    );
  if (!head) return null;
  const [, found, over, reported, refined] = head;
  const facts = empty(num(found));
  if (reported !== undefined) Object.assign(facts, { reported: num(reported), reportedIsLowerBound: !!over });
  if (refined !== undefined) Object.assign(facts, { reported: num(refined), filtered: true });
  const limit = / Stopped at the list limit of ([\d,]+) ASINs\./.exec(line);
  if (limit) Object.assign(facts, { stoppedAtListLimit: true, listLimit: num(limit[1]) });
  const unpriced = /(about )?([\d,]+) listings? ha(?:s|ve) no price and could not be reached/.exec(line);
  if (unpriced)
    Object.assign(facts, { unpricedMissing: num(unpriced[2]), unpricedMissingEstimated: !!unpriced[1] });
  const unreached = /([\d,]+) listings? (?:was|were) counted by Amazon but not served/.exec(line);
  if (unreached) facts.unreached = num(unreached[1]);
  return facts;
}

function empty(found: number): StoredCoverage {
  return {
    found,
    reported: null,
    reportedIsLowerBound: false,
    filtered: false,
    listLimit: 0,
    stoppedAtListLimit: false,
    unpricedMissing: 0,
    unpricedMissingEstimated: false,
    unreached: 0,
  };
}

/**
 * Coverage as facts: a todo keeps the scraper's coverage facts (the web app words them in the
 * user's language); the English lines of scans finished before are read into facts where they have
 * a known shape.
 */
export class CoverageFacts1766000000003 implements MigrationInterface {
  name = 'CoverageFacts1766000000003';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE todo ADD COLUMN coverage jsonb');
    const rows: { id: string; coverage_line: string }[] = await q.query(
      'SELECT id, coverage_line FROM todo WHERE coverage_line IS NOT NULL',
    );
    for (const row of rows) {
      const facts = coverageOfLine(row.coverage_line);
      if (facts)
        await q.query('UPDATE todo SET coverage = $2::jsonb WHERE id = $1', [row.id, JSON.stringify(facts)]);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE todo DROP COLUMN coverage');
  }
}
