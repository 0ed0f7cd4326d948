/**
 * Zones: where one price holds more listings than a query serves, a range around it is counted in
 * pieces (exact counts), then each member of an exclusive keyword family learned from the titles
 * (or of the departments) sweeps it with its own counted windows (`peel`); the pieces say whether
 * the members served every listing (what they missed goes to fallbacks: a family learned on the
 * titles missed, then other sort orders).
 */
import type { SearchSort } from '@shelfscan/markets';
import type { ParsedPage } from '../parser/index.js';
import { baseOf, OPEN, refine, type Task } from './checkpoint.js';
import { childNodes, countOf, EXACT_LIMIT, WINDOW_FILL, type ScanContext } from './context.js';
import { PriceModel, type Observation } from './price-model.js';

/** A zone is verified piece by piece: each piece aims at this many listings (its count must stay exact). */
const PIECE_TARGET = 850;
/**
 * Orders tried on a zone that nothing splits any further (one price, titles alike, no department):
 * each serves its own first listings (relevance is Amazon's default, no `s=`).
 */
const FALLBACK_SORTS = ['relevance', 'date-desc-rank', 'review-rank'] as const;

/**
 * A zone [zlo, max] below a peel's top: its pieces are counted first (exact counts, ≈ PIECE_TARGET
 * each), then each member of a keyword family (or of the departments) sweeps the zone with its
 * own counted windows — a crowded price holds only a share of its listings in each member. The
 * peel continues below the zone.
 */
export function pushZone(ctx: ScanContext, task: Task, zlo: number, model: PriceModel): void {
  const s = ctx.state;
  const floor = task.min ?? 0;
  const zone: Task = {
    kind: 'zone',
    ...baseOf(task),
    min: zlo,
    max: task.max ?? OPEN,
    page: 1,
    pieces: [],
    depth: (task.depth ?? 0) + 1,
    ...(ctx.isStoreLevel(task) ? {} : { share: model.scaleFactor }),
  };
  // Its keyword family is chosen now, from every title seen (a resume would know fewer).
  const densest = model.densest(zlo, ctx.finiteTop(task.max, zlo));
  const fam = keywordFamily(ctx, zone, Math.min(0.5, (ctx.capacity() * WINDOW_FILL) / Math.max(1, densest)));
  if (fam) zone.family = fam;
  if (zlo <= floor) s.stack.splice(s.stack.lastIndexOf(task), 1);
  else {
    // After the zone, the first probe counts all that is left below it (the model extrapolated
    // past a crowded stretch; Amazon's count of the rest puts it right).
    task.max = zlo - 1;
    task.overlap = false;
    task.bracket = undefined;
    task.crowded = undefined;
    task.head = undefined;
    task.cut = floor;
    task.page = 1;
  }
  s.stack.push(zone);
}

/** The top of the next piece to count: below the last piece, or the zone's top. */
export function pieceTop(zone: Task): number {
  const pieces = zone.pieces ?? [];
  return pieces.length ? pieces[pieces.length - 1][0] - 1 : (zone.max ?? OPEN);
}

/** A zone's next step: count the next piece (a page), sweep the next member, or finish. */
export function prepareZone(ctx: ScanContext, task: Task): boolean {
  const s = ctx.state;
  const floor = task.min ?? 0;
  const pieceHi = pieceTop(task);
  if (task.next === undefined) {
    if (pieceHi >= floor) {
      if (task.cut === undefined) {
        const topP = ctx.finiteTop(pieceHi, floor);
        const model = new PriceModel(s.cents, s.obs, ctx.segmentsFor(task, topP));
        if (task.bracket) model.calibrate(task.bracket[0], topP, task.bracket[1]);
        else if (task.share !== undefined) model.scaleBy(task.share);
        let cut = model.known ? model.cutFor(topP, floor, PIECE_TARGET) : floor;
        if (task.bracket) cut = Math.max(cut, Math.min(task.bracket[0] + 1, pieceHi));
        task.cut = Math.min(cut, pieceHi);
        task.page = 1;
      }
      return true;
    }
    task.family ??= familyFor(ctx, task);
    task.next = 0;
  }
  const pieces = task.pieces ?? [];
  const missing = pieces.reduce((a, p) => a + Math.max(0, p[2] - p[3]), 0);
  const family = task.family ?? [];
  const next = task.next ?? 0;
  if (missing > 0 && next < family.length) {
    task.next = next + 1;
    const member = family[next];
    if (member.startsWith('s:')) {
      // Another order over the pieces still missing listings (a query serves its first ones).
      const open = pieces.filter((p) => p[3] < p[2]);
      const sort = member.slice(2);
      s.stack.push({
        kind: 'list',
        ...baseOf(task),
        min: Math.min(...open.map((p) => p[0])),
        max: Math.max(...open.map((p) => p[1])),
        ...(sort === 'relevance' ? {} : { sort: sort as SearchSort }),
        page: 1,
      });
      return false;
    }
    s.stack.push({
      kind: 'peel',
      ...refine(baseOf(task), member),
      min: task.min,
      max: task.max,
      page: 1,
      depth: task.depth,
      share: shareOf(ctx, task, member),
    });
    return false;
  }
  const rounds = (task.residual ? 1 : 0) + (task.sorted ? 1 : 0);
  if (missing > 0 && (rounds === 0 || (rounds === 2 && !task.relearned))) {
    // Listings in none of the family's members: a family learned on the titles it missed (again
    // after the other orders, which serve some of them: their titles teach the words).
    if (task.residual) task.relearned = true;
    task.residual = true;
    const used = family.filter((m) => m.startsWith('w:')).map((m) => m.slice(2));
    const extra = ctx.titles.family(task.words ?? [], {
      maxShare: maxMemberShare(ctx, task),
      exclude: ctx.specWords,
      avoid: used,
    });
    if (extra.words.length) {
      task.family = [...family, ...extra.words.map((w) => `w:${w}`)];
      return false;
    }
  }
  if (missing > 0 && !task.sorted) {
    // Nothing left to split by: the same listings in other orders, each serving its first ones.
    task.sorted = true;
    task.family = [...family, ...FALLBACK_SORTS.map((o) => `s:${o}`)];
    return false;
  }
  const outermost = ctx.zoneOf(task) === undefined;
  s.stack.pop();
  if (outermost) s.unreached += missing;
  return false;
}

/** A piece's count came back: keep it (exact), or narrow when Amazon says only "over 1,000". */
export function planPiece(ctx: ScanContext, task: Task, parsed: ParsedPage): void {
  const cut = task.cut ?? task.min ?? 0;
  const top = pieceTop(task);
  const { c, lb } = countOf(parsed);
  task.cut = undefined;
  if ((lb || c > EXACT_LIMIT) && cut < top) {
    task.bracket = [cut, c, lb ? 1 : 0];
    return;
  }
  task.bracket = undefined;
  // An empty piece: the price model was wrong here; the next piece counts all the rest at once.
  if (c === 0 && cut > (task.min ?? 0)) task.cut = task.min ?? 0;
  if (!task.nodes && parsed.kind === 'results') task.nodes = childNodes(parsed);
  // Found so far in the piece: what this run saw there with the zone's keywords (a lower bound
  // after a resume); from now on, every listing first served there is counted (record()).
  let found = 0;
  const words = task.words ?? [];
  for (const asin of ctx.served) {
    const p = ctx.priceOf.get(asin);
    if (p === undefined || p < cut || p > top || !ctx.titles.hasWords(asin, words)) continue;
    if (!task.nodeId || ctx.inNode.get(task.nodeId)?.has(asin)) found++;
  }
  // "Over 1,000" at one price: the count is a lower bound; the piece is checked against it.
  task.pieces = [...(task.pieces ?? []), [cut, top, c, found]];
  if (ctx.isStoreLevel(task) && !ctx.filters) ctx.observe([cut, Math.min(top, ctx.maxPrice), c]);
}

/** The share of listings a member query holds at most (so a crowded price fits one query). */
function maxMemberShare(ctx: ScanContext, zone: Task): number {
  const capacity = ctx.capacity();
  const pieces = zone.pieces ?? [];
  const model = new PriceModel(
    ctx.state.cents,
    ctx.state.obs,
    pieces.map(([lo, hi, n]): Observation => [lo, hi, n]),
  );
  const densest = Math.max(1, ...pieces.map(([lo, hi]) => model.densest(lo, Math.min(hi, ctx.maxPrice))));
  return Math.min(0.5, (capacity * WINDOW_FILL) / densest);
}

/** Exclusive title keywords covering (nearly) every title of the zone's base, or undefined. */
function keywordFamily(ctx: ScanContext, zone: Task, maxShare: number): string[] | undefined {
  const fam = ctx.titles.family(zone.words ?? [], { maxShare, exclude: ctx.specWords });
  return coversTitles(fam) ? fam.words.map((w) => `w:${w}`) : undefined;
}

/** The zone's family: exclusive title keywords when they cover the titles, else departments. */
function familyFor(ctx: ScanContext, zone: Task): string[] {
  const fam = ctx.titles.family(zone.words ?? [], {
    maxShare: maxMemberShare(ctx, zone),
    exclude: ctx.specWords,
  });
  const keywords = fam.words.map((w) => `w:${w}`);
  if (coversTitles(fam)) return keywords;
  const nodes = zone.nodes?.length ? zone.nodes : zone.nodeId ? [] : ctx.state.rootNodes;
  return nodes.length >= 2 ? nodes.map((n) => `n:${n}`) : keywords;
}

/** A member's expected share of the zone's listings (from the titles; departments: even shares). */
function shareOf(ctx: ScanContext, zone: Task, member: string): number {
  const family = zone.family ?? [];
  if (!member.startsWith('w:')) return 1 / Math.max(1, family.length);
  const base = zone.words ?? [];
  const all = Math.max(1, ctx.titles.countMatching(base));
  return Math.max(0.01, ctx.titles.countMatching([...base, member.slice(2)]) / all);
}
/** A keyword family worth sweeping by: two words or more that together cover 80 % of the titles. */
function coversTitles(fam: { words: string[]; coverage: number }): boolean {
  return fam.words.length >= 2 && fam.coverage >= 0.8;
}
