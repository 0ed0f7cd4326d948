// `make scan URL='<store url>' TYPE=standard|deep|functional [KEYWORD=...]`: one scan through the
// durable job runner and the engine, on the embedded PostgreSQL (or DATABASE_URL), without the rest
// of the product. ASINs on stdout, one a line; progress and the coverage line on stderr.
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '@shelfscan/config';
import { rootLogger } from '@shelfscan/observability';
import { openServiceDataSource, startEmbeddedPostgres, type EmbeddedPostgres } from '@shelfscan/db';
import type { DataSource } from 'typeorm';
import { marketplaceClientConfig, scraperEnvSchema } from '../config.js';
import { scraperService } from '../scraper.service-host.js';
import { serviceDataSource } from '@shelfscan/service';
import type { FunctionalFilters, ScanProgress, ScanSpec, ScanType } from '../engine/types.js';
import { MarketplaceClient } from '../fetch/marketplace-client.js';
import { marketplaceEngineFor } from '../jobs/engine-factory.js';
import {
  FINAL_STATUSES,
  ScanJobRepository,
  type ScanJob,
  type ScanStatus,
} from '../jobs/scan-job.repository.js';
import { ScanWorker } from '../jobs/scan-worker.js';
import { parseStoreUrl, StoreUrlError } from '@shelfscan/markets';

/**
 * Exit codes: 0 complete, 1 unexpected error, 2 bad arguments or URL, 3 blocked / scan failed,
 * 4 completed_partial (the ASINs found are printed; the coverage line says what is missing and why),
 * 130 interrupted.
 */
const EXIT = { usage: 2, failed: 3, partial: 4, interrupted: 130 } as const;

const USAGE = `usage: scan --url '<amazon store url>' [--type standard|deep|functional] [--keyword <kw>]
            [--amazons-choice] [--best-seller] [--min-stars N] [--max-stars N] [--min-price N] [--max-price N]`;

class UsageError extends Error {}

const say = (line: string) => process.stderr.write(`${line}\n`);

function parseCommandLine(argv: string[]): { url: string; spec: Omit<ScanSpec, 'listLimit'> } {
  const { values } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string' },
      type: { type: 'string', default: 'standard' },
      keyword: { type: 'string' },
      'amazons-choice': { type: 'boolean' },
      'best-seller': { type: 'boolean' },
      'min-stars': { type: 'string' },
      'max-stars': { type: 'string' },
      'min-price': { type: 'string' },
      'max-price': { type: 'string' },
      'allow-reference-markets': { type: 'boolean' },
    },
    strict: true,
  });
  const url = values.url?.trim();
  if (!url) throw new UsageError(`no store URL given (URL='https://www.amazon.ca/s?me=...')\n${USAGE}`);
  const type = (values.type || 'standard').toLowerCase() as ScanType;
  if (!['standard', 'deep', 'functional'].includes(type))
    throw new UsageError(`TYPE must be standard, deep or functional, not "${values.type}"`);

  let store;
  try {
    store = parseStoreUrl(url, { allowReferenceMarkets: values['allow-reference-markets'] ?? false });
  } catch (err) {
    if (err instanceof StoreUrlError)
      throw new UsageError(`not a store URL ShelfScan can scan: ${err.message}`);
    throw err;
  }
  if (type === 'deep' && !store.market.deep)
    throw new UsageError(`Deep scans are not available for ${store.market.name.en}`);
  if (type === 'functional' && !store.market.functional)
    throw new UsageError(`Functional scans are not available for ${store.market.name.en}`);

  const spec: Omit<ScanSpec, 'listLimit'> = { market: store.market.code, sellerId: store.sellerId, type };
  const keyword = (values.keyword ?? store.keyword ?? '').trim();
  if (keyword) spec.keyword = keyword;
  if (type === 'functional') {
    const num = (name: string, v: string | undefined, max: number) => {
      if (v === undefined) return undefined;
      const n = Number(v);
      if (!Number.isFinite(n) || n < 0 || n > max)
        throw new UsageError(`--${name} must be a number from 0 to ${max}`);
      return n;
    };
    const filters: FunctionalFilters = {};
    if (values['amazons-choice']) filters.amazonsChoice = true;
    if (values['best-seller']) filters.bestSeller = true;
    const entries: [keyof FunctionalFilters, number | undefined][] = [
      ['minStars', num('min-stars', values['min-stars'], 5)],
      ['maxStars', num('max-stars', values['max-stars'], 5)],
      ['minPrice', num('min-price', values['min-price'], 1e9)],
      ['maxPrice', num('max-price', values['max-price'], 1e9)],
    ];
    for (const [k, v] of entries) if (v !== undefined) (filters as Record<string, number>)[k] = v;
    spec.filters = filters;
  }
  return { url, spec };
}

function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;
}

export function progressLine(p: ScanProgress): string {
  const reported =
    p.reportedTotal === null ? '' : ` of ${p.reportedTotalIsLowerBound ? 'over ' : ''}${p.reportedTotal}`;
  const eta = p.etaSeconds === null ? 'unknown' : formatDuration(p.etaSeconds);
  return `pages ${p.pagesFetched} · ASINs ${p.asinsFound}${reported} · partitions left ${p.partitionsLeft} · ETA ${eta}`;
}

const CLI_OWNER_PREFIX = `cli:${hostname()}:`;

/** A running job leased by a CLI process on this machine that no longer exists (kill -9): free it now. */
function leaseHolderIsDead(job: ScanJob): boolean {
  if (job.status !== 'running' || !job.leaseOwner?.startsWith(CLI_OWNER_PREFIX)) return false;
  const pid = Number(job.leaseOwner.slice(CLI_OWNER_PREFIX.length).split(':')[0]);
  if (!Number.isInteger(pid) || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

async function main(): Promise<number> {
  // stdout carries the ASINs only: the JSON logs stay off unless asked for on purpose.
  // (A module may have made the root logger at import, before this line: set its level too.)
  process.env.LOG_LEVEL = process.env.SCAN_LOG_LEVEL || 'silent';
  rootLogger().level = process.env.LOG_LEVEL;
  let parsed;
  try {
    parsed = parseCommandLine(process.argv.slice(2));
  } catch (err) {
    if (err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      say(`shelfscan scan: ${(err as Error).message}`);
      return EXIT.usage;
    }
    throw err;
  }
  const config = loadConfig(scraperEnvSchema);
  const spec: ScanSpec = { ...parsed.spec, listLimit: config.SCAN_LIST_LIMIT };

  let pg: EmbeddedPostgres | undefined;
  let ds: DataSource | undefined;
  let client: MarketplaceClient | undefined;
  let worker: ScanWorker | undefined;
  let interrupted = false;
  const cleanUp = async () => {
    await worker?.stop().catch(() => undefined);
    await client?.close().catch(() => undefined);
    if (ds?.isInitialized) await ds.destroy().catch(() => undefined);
    await pg?.stop().catch(() => undefined);
  };
  let interrupt: (() => void) | undefined;
  const interruptedPromise = new Promise<void>((resolve) => (interrupt = resolve));
  const onSignal = (signal: string) => {
    if (interrupted) return;
    interrupted = true;
    say(`\nshelfscan scan: ${signal}: stopping; run the same command again to resume this scan`);
    interrupt?.();
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));

  try {
    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      // Its own process group: a Ctrl-C reaches this process, which stops PostgreSQL last.
      pg = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, ownProcessGroup: true });
      databaseUrl = pg.url;
    }
    ds = serviceDataSource(scraperService, databaseUrl, 4);
    await openServiceDataSource(ds, { runMigrations: true });
    const repository = new ScanJobRepository(ds);

    const existing = await repository.findUnfinished(spec);
    let scanId: string;
    if (existing) {
      scanId = existing.id;
      if (leaseHolderIsDead(existing)) await repository.expireLease(existing.id);
      const found = (await repository.asins(existing.id)).length;
      say(`resuming scan ${scanId} (${found} ASINs found before it stopped)`);
    } else {
      scanId = randomUUID();
      await repository.enqueue(scanId, spec);
      say(`scan ${scanId}: ${spec.type} scan of seller ${spec.sellerId} on ${parsed.spec.market}`);
    }

    // A small retry budget: a blocked run ends within seconds, not after the service's long backoffs.
    client = new MarketplaceClient({
      ...marketplaceClientConfig(config),
      maxAttempts: 2,
      backoffBaseMs: 500,
      backoffMaxMs: 2_000,
      maxRetryAfterMs: 5_000,
    });
    let lastLine = 0;
    let ended: (status: ScanStatus) => void = () => undefined;
    const end = new Promise<ScanStatus>((resolve) => (ended = resolve));
    worker = new ScanWorker({
      repository,
      engineFor: marketplaceEngineFor(client, undefined, config.SCAN_COVERAGE_THRESHOLD),
      owner: `${CLI_OWNER_PREFIX}${process.pid}`,
      onlyJobId: scanId,
      concurrency: 1,
      pollMs: 200,
      leaseMs: config.SCAN_LEASE_SECONDS * 1000,
      maxBlockedRetries: 2,
      blockedBackoffMs: 1_000,
      blockedBackoffMaxMs: 4_000,
      onProgress: (_id, p) => {
        if (Date.now() - lastLine < 1_000) return;
        lastLine = Date.now();
        say(progressLine(p));
      },
      onJobEnd: (_id, status) => {
        if (status === 'queued') say('the marketplace blocked the scan; trying again shortly');
        else ended(status);
      },
    });
    // A job that ended before (a finished one is never resumed) or while claiming.
    const pollFinal = setInterval(() => {
      void repository.get(scanId).then((j) => {
        if (j && FINAL_STATUSES.includes(j.status)) ended(j.status);
      });
    }, 2_000);
    worker.start();
    const outcome = await Promise.race([end, interruptedPromise.then(() => 'interrupted' as const)]);
    clearInterval(pollFinal);
    await worker.stop();
    if (outcome === 'interrupted') return EXIT.interrupted;

    const job = await repository.get(scanId);
    if ((outcome === 'completed' || outcome === 'completed_partial') && job) {
      const asins = await repository.asins(scanId);
      if (job.progress) say(progressLine(job.progress));
      if (asins.length) process.stdout.write(`${asins.join('\n')}\n`);
      say(job.result?.coverageLine ?? `Found ${asins.length} ASINs.`);
      if (outcome === 'completed_partial') {
        say('shelfscan scan: completed_partial: some listings could not be reached (see the line above)');
        return EXIT.partial;
      }
      return 0;
    }
    const reason = job?.error ?? `the scan ended as ${outcome}`;
    say(`shelfscan scan: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`);
    return EXIT.failed;
  } finally {
    await cleanUp();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof ConfigError) say(err.message);
    else say(`shelfscan scan: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(1);
  },
);
