import { istanbulDate } from '@shelfscan/service';
import { Inject, Injectable } from '@nestjs/common';
import { BusClient } from '@shelfscan/bus';
import { searchV1 } from '@shelfscan/contracts';
import type { TrackerDto } from './search.dto.js';

const { SearchService } = searchV1;

/** A TrackerRun of the API (gateway/README.md, "Tracker routes"): absent fields as null, the counts beside the lists. */
function runJson(r: searchV1.TrackerRun | undefined) {
  if (!r) return null;
  return {
    id: r.id,
    scanId: r.scanId,
    status: r.status,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt ?? null,
    coverage: r.coverage ?? null,
    complete: r.complete,
    baseline: r.baseline,
    found: r.found,
    added: r.added,
    removed: r.removed,
    addedCount: r.added.length,
    removedCount: r.removed.length,
    notSeen: r.notSeen,
    aboveLimit: r.aboveLimit,
  };
}

function trackerJson(t: searchV1.Tracker | undefined) {
  if (!t) return null;
  return {
    id: t.id,
    storeUrl: t.storeUrl,
    market: t.market,
    searchType: t.searchType,
    keyword: t.keyword ?? null,
    fileName: t.fileName,
    schedule: t.schedule,
    hour: t.hour,
    weekday: t.weekday ?? null,
    paused: t.paused,
    alerts: { email: t.alertEmail, webhook: t.alertWebhook, telegram: t.alertTelegram },
    createdAt: t.createdAt,
    nextRunAt: t.nextRunAt ?? null,
    running: t.running,
    present: t.present,
    ever: t.ever,
    lastRun: runJson(t.lastRun),
  };
}

/** Tracker calls: each one bus request to the search service; bus errors reach the exception filter. */
@Injectable()
export class TrackersApiService {
  constructor(@Inject(BusClient) private readonly bus: BusClient) {}

  async create(userEmail: string, dto: TrackerDto) {
    const r = await this.bus.request(SearchService.method.createTracker, { userEmail, input: inputOf(dto) });
    return { id: r.tracker!.id };
  }

  async update(userEmail: string, id: string, dto: TrackerDto) {
    const r = await this.bus.request(SearchService.method.updateTracker, {
      userEmail,
      id,
      input: inputOf(dto),
    });
    return trackerJson(r.tracker)!;
  }

  async list(userEmail: string) {
    const r = await this.bus.request(SearchService.method.listTrackers, { userEmail });
    return r.trackers.map((t) => trackerJson(t)!);
  }

  async get(userEmail: string, id: string) {
    return trackerJson((await this.bus.request(SearchService.method.getTracker, { userEmail, id })).tracker)!;
  }

  async delete(userEmail: string, id: string): Promise<void> {
    await this.bus.request(SearchService.method.deleteTracker, { userEmail, id });
  }

  async run(userEmail: string, id: string) {
    return runJson((await this.bus.request(SearchService.method.runTracker, { userEmail, id })).run)!;
  }

  async pause(userEmail: string, id: string, paused: boolean) {
    const r = await this.bus.request(SearchService.method.pauseTracker, { userEmail, id, paused });
    return trackerJson(r.tracker)!;
  }

  async runs(userEmail: string, id: string) {
    const r = await this.bus.request(SearchService.method.listTrackerRuns, { userEmail, id });
    return r.runs.map((run) => runJson(run)!);
  }

  async asins(userEmail: string, id: string, page: number, size: number, present: boolean | undefined) {
    const r = await this.bus.request(SearchService.method.listTrackerAsins, {
      userEmail,
      id,
      page,
      size,
      present,
    });
    return {
      rows: r.asins.map((a) => ({
        asin: a.asin,
        title: a.title || null,
        firstSeen: a.firstSeen,
        lastSeen: a.lastSeen,
        present: a.present,
      })),
      total: r.total,
    };
  }

  /**
   * A run's added or removed ASINs with their titles (with `titles`: the .csv), and the file's name
   * like the scan's: the tracker's label, the run's Istanbul date and the list.
   */
  async runList(userEmail: string, id: string, runId: string, list: 'added' | 'removed', titles: boolean) {
    const [tracker, r] = await Promise.all([
      this.bus.request(SearchService.method.getTracker, { userEmail, id }),
      this.bus.request(SearchService.method.getTrackerRun, { userEmail, id, runId, withTitles: titles }),
    ]);
    return {
      fileName: `${tracker.tracker!.fileName} ${istanbulDate(r.run!.startedAt)} ${list}`,
      rows: r.run![list].map((asin) => [asin, r.titles[asin] ?? '']),
    };
  }
}

/** The request's tracker as the contract carries it (absent fields unset). */
function inputOf(dto: TrackerDto) {
  return {
    storeUrl: dto.storeUrl,
    market: dto.market,
    searchType: dto.searchType,
    keyword: dto.keyword,
    fileName: dto.fileName,
    schedule: dto.schedule,
    hour: dto.hour,
    weekday: dto.weekday,
    alertEmail: dto.alerts?.email,
    alertWebhook: dto.alerts?.webhook,
    alertTelegram: dto.alerts?.telegram,
  };
}
