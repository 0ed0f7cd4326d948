import { Inject, Injectable } from '@nestjs/common';
import { addToOutbox } from '@shelfscan/bus';
import { searchEventsV1, type CoverageFacts } from '@shelfscan/contracts';
import { Clock } from '@shelfscan/service';
import type { EntityManager } from 'typeorm';
import type { TodoRecord, TodoStatus } from '../todos/todo.repository.js';
import { diffRun, runCoverage, type SeenTiles } from './tracker-diff.js';
import { TrackerRepository } from './tracker.repository.js';

/** ASINs of each list a TrackerChanged carries at most (its counts are the whole diff). */
const EVENT_LIST_MAX = 5_000;

/** How a tracker's scan ended: its status, the ASINs it saw (in order) and its coverage facts. */
export interface ScanEnd {
  status: TodoStatus;
  asins: readonly string[];
  coverage: CoverageFacts | null;
  /** What the scan's tiles showed (absent: none read, e.g. a failed run's partial list). */
  tiles?: SeenTiles;
}

/**
 * A tracker's run ends when its scan does: its diff is computed once, in the transaction that
 * records the scan's end, stored, and published (TrackerChanged) unless the run is the baseline.
 */
@Injectable()
export class TrackerRunsService {
  constructor(
    @Inject(TrackerRepository) private readonly trackers: TrackerRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** Records the end of the run whose scan is `todo`'s (nothing when it is no tracker's open run). */
  async finish(m: EntityManager, todo: TodoRecord, end: ScanEnd): Promise<boolean> {
    if (!todo.trackerId) return false;
    const run = await this.trackers.openRunOfTodo(m, todo.id);
    if (!run) return false;
    const tracker = await this.trackers.lock(m, run.trackerId);
    if (!tracker) return false;
    const previous = await this.trackers.previousFinished(m, tracker.id);
    const known = await this.trackers.known(m, tracker.id);
    const stoppedAtListLimit = end.coverage?.stoppedAtListLimit ?? false;
    const facts = {
      seen: end.asins,
      // Nothing known to compare with: the first run (or every one before saw nothing).
      baseline: known.size === 0,
      // A removal rests on a scan that saw the whole store (a Standard scan of a large store did not).
      complete: end.status === 'COMPLETED' && (end.coverage?.wholeStore ?? false),
      unpricedUnproven: end.coverage?.unpricedUnproven ?? 0,
      aboveLimit: stoppedAtListLimit || (previous?.stoppedAtListLimit ?? false),
    };
    const diff = diffRun(known, facts);
    const now = this.clock.now();
    // The scan's tiles (ScraperService.ListScanItems, read before this transaction); the tracker keeps
    // the last non-empty title of each ASIN and whether its last tile showed a price.
    await this.trackers.applyRun(m, tracker.id, end.asins, end.tiles, diff.removed, now);
    const finished = {
      finishedAt: now,
      coverage: end.status === 'FAILED' ? null : runCoverage(end.coverage),
      complete: facts.complete,
      baseline: facts.baseline,
      found: new Set(end.asins).size,
      added: diff.added,
      removed: diff.removed,
      notSeen: diff.notSeen,
      aboveLimit: facts.aboveLimit,
      stoppedAtListLimit,
    };
    await this.trackers.finishRun(m, run.id, finished);
    if (facts.baseline) return false;
    const added = diff.added.slice(0, EVENT_LIST_MAX);
    const removed = diff.removed.slice(0, EVENT_LIST_MAX);
    const stored = await this.trackers.titles(m, tracker.id, [...added, ...removed]);
    const withTitle = (asin: string) => ({ asin, title: stored.get(asin) ?? '' });
    await addToOutbox(m, searchEventsV1.TrackerChangedSchema, {
      trackerId: tracker.id,
      runId: run.id,
      userEmail: tracker.userEmail,
      storeUrl: tracker.storeUrl,
      market: tracker.market.toLowerCase(),
      searchType: tracker.searchType,
      label: tracker.fileName,
      addedCount: diff.added.length,
      removedCount: diff.removed.length,
      added: added.map(withTitle),
      removed: removed.map(withTitle),
      complete: facts.complete,
      notSeen: diff.notSeen,
      finishedAt: now.toISOString(),
      alertEmail: tracker.alerts.email,
      alertWebhook: tracker.alerts.webhook,
      alertTelegram: tracker.alerts.telegram,
    });
    return true;
  }
}
