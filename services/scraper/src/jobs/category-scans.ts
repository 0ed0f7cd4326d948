/**
 * Store scans restricted to the departments the user chose. The engine restricts every query of a
 * run to one department (`ScanSpec.categoryNodeId`: `rh=n:<node>,p_6:<seller>`); a scan of several
 * departments is one engine run per department, one after the other, and its result is their
 * union: the ASINs found before carry over (`seenAsins`), so nothing is reported twice and the list
 * limit counts the whole scan.
 *
 * The checkpoint of a several-department scan wraps the engine's: which department is running, its
 * engine checkpoint, and what the finished ones reported. A single department uses the engine's
 * checkpoint as it is.
 */
import { coverageLine, scanOutcome } from '../engine/progress.js';
import type {
  RunOptions,
  ScanCheckpoint,
  ScanCoverage,
  ScanEngine,
  ScanProgress,
  ScanResult,
  ScanSpec,
} from '../engine/types.js';
import type { StoreScanSpec } from './job-spec.js';

const VERSION = 1;

/**
 * The engine restarts its planning from a checkpoint of another format, keeping the ASINs it is
 * given (its documented resume rule): how a department's run starts knowing what the earlier
 * departments found.
 */
const FRESH_START: ScanCheckpoint = { version: 0 };

interface DoneDepartment {
  nodeId: string;
  pages: number;
  reported: number | null;
  lowerBound: boolean;
  unreached: number;
  unpricedFound: number;
  estimatedUnpricedMissing?: number;
}

interface DepartmentsState {
  version: number;
  kind: 'categories';
  /** The department running (index into the spec's categories). */
  index: number;
  /** Its engine checkpoint; null before its first page. */
  inner: ScanCheckpoint | null;
  done: DoneDepartment[];
}

function restore(checkpoint: ScanCheckpoint | undefined): DepartmentsState {
  const s = checkpoint as Partial<DepartmentsState> | undefined;
  if (s?.kind === 'categories' && s.version === VERSION && Array.isArray(s.done))
    return structuredClone(s) as DepartmentsState;
  return { version: VERSION, kind: 'categories', index: 0, inner: null, done: [] };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Categories as the engine takes them: the "All Categories" entry (node 1) is no restriction. */
export function departmentsOf(categories: readonly string[] | undefined): string[] {
  return [...new Set((categories ?? []).filter((c) => /^\d{1,20}$/.test(c) && c !== '1'))];
}

/** Runs `engine` once per department of the spec (or once on the whole store when none is chosen). */
export function scanByDepartment(engine: ScanEngine) {
  return {
    run(spec: StoreScanSpec, options: RunOptions = {}): Promise<ScanResult> {
      const { categories: _categories, ...base } = spec;
      const departments = departmentsOf(spec.categories);
      if (departments.length <= 1) return engine.run({ ...base, categoryNodeId: departments[0] }, options);
      return runDepartments(engine, base, departments, options);
    },
  };
}

async function runDepartments(
  engine: ScanEngine,
  base: ScanSpec,
  departments: string[],
  options: RunOptions,
): Promise<ScanResult> {
  const state = restore(options.resume?.checkpoint);
  const seen = [...(options.resume?.seenAsins ?? [])];
  let last: ScanResult | undefined;
  const totals = (current?: { reported: number | null; lowerBound: boolean }) => {
    const all = [...state.done, ...(current ? [current] : [])];
    const known = all.filter((d) => d.reported !== null);
    return {
      reported: known.length ? sum(known.map((d) => d.reported ?? 0)) : null,
      lowerBound: all.some((d) => d.lowerBound),
    };
  };
  const progressOf = (p: ScanProgress): ScanProgress => {
    const left = departments.length - state.index - 1;
    const t = totals({ reported: p.reportedTotal, lowerBound: p.reportedTotalIsLowerBound });
    return {
      pagesFetched: sum(state.done.map((d) => d.pages)) + p.pagesFetched,
      asinsFound: p.asinsFound,
      partitionsLeft: p.partitionsLeft + left,
      reportedTotal: t.reported,
      reportedTotalIsLowerBound: t.lowerBound,
      // The department running, and as long again for each one left (departments are not sized before).
      etaSeconds: p.etaSeconds === null ? null : p.etaSeconds * (1 + left),
    };
  };

  while (state.index < departments.length) {
    const nodeId = departments[state.index];
    const result = await engine.run(
      { ...base, categoryNodeId: nodeId },
      {
        signal: options.signal,
        resume: { checkpoint: state.inner ?? FRESH_START, seenAsins: seen },
        onPage: async (report) => {
          seen.push(...report.newAsins);
          const checkpoint = { ...state, inner: report.checkpoint } as unknown as ScanCheckpoint;
          await options.onPage?.({ ...report, checkpoint, progress: progressOf(report.progress) });
        },
      },
    );
    const c = result.coverage;
    state.done.push({
      nodeId,
      pages: result.progress.pagesFetched,
      reported: c?.reported ?? result.progress.reportedTotal,
      lowerBound: c?.reportedIsLowerBound ?? result.progress.reportedTotalIsLowerBound,
      unreached: c?.unreached ?? 0,
      unpricedFound: c?.unpricedFound ?? 0,
      estimatedUnpricedMissing: c?.estimatedUnpricedMissing,
    });
    state.index++;
    state.inner = null;
    last = result;
    if (result.stopReason === 'list-limit') break;
  }

  const t = totals();
  const estimated = state.done.filter((d) => d.estimatedUnpricedMissing !== undefined);
  const coverage: ScanCoverage = {
    found: seen.length,
    reported: t.reported,
    reportedIsLowerBound: t.lowerBound,
    listLimit: base.listLimit,
    stoppedAtListLimit: seen.length >= base.listLimit,
    filtered: base.type === 'functional',
    threshold: last?.coverage?.threshold,
    unreached: sum(state.done.map((d) => d.unreached)),
    unpricedFound: sum(state.done.map((d) => d.unpricedFound)),
    estimatedUnpricedMissing: estimated.length
      ? sum(estimated.map((d) => d.estimatedUnpricedMissing ?? 0))
      : undefined,
    orderChecked: last?.coverage?.orderChecked,
  };
  const outcome = scanOutcome(coverage, base.type);
  const pages = sum(state.done.map((d) => d.pages));
  return {
    asins: [...seen],
    progress: {
      pagesFetched: pages,
      asinsFound: seen.length,
      partitionsLeft: 0,
      reportedTotal: t.reported,
      reportedTotalIsLowerBound: t.lowerBound,
      etaSeconds: 0,
    },
    coverageLine: coverageLine(coverage, outcome),
    coverage,
    stopReason: coverage.stoppedAtListLimit ? 'list-limit' : 'exhausted',
    outcome,
  };
}
