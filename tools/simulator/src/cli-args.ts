/** Command line and environment parsing for the simulator CLI (kept apart from cli.ts so it can be tested). */
import type { FaultSettings } from './faults.js';
import type { SimulatorOptions } from './server.js';
import type { StoreOptions } from './store.js';

/** "1:100,2:1000:amazon.com,shop-x:50000" → store specs (seed:size[:domain]). */
export function parseStoreList(value: string): StoreOptions[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((spec) => {
      const [seed, size, domain, ...rest] = spec.split(':');
      const n = Number(size);
      if (!seed || !Number.isInteger(n) || n < 1 || rest.length > 0) {
        throw new Error(`bad store spec "${spec}": expected seed:size or seed:size:domain`);
      }
      return {
        seed: /^\d+$/.test(seed) ? Number(seed) : seed,
        size: n,
        ...(domain ? { marketDomain: domain } : {}),
      };
    });
}

export const USAGE = `Usage: node tools/simulator/dist/cli.js [options]
  --port N                 listen port (env SIM_PORT; default 8090; 0 = any free port)
  --host H                 listen address (env SIM_HOST; default 127.0.0.1)
  --stores LIST            seed:size[:domain],... (env SIM_STORES; default 1:100,2:1000)
  --page-size N            organic results per page (env SIM_PAGE_SIZE; default 16)
  --page-cap N             pages served per query (env SIM_PAGE_CAP; default 7)
  --captcha-rate R         0..1 (env SIM_CAPTCHA_RATE)
  --error-rate R           0..1, 503 pages (env SIM_ERROR_RATE)
  --latency MS             added latency (env SIM_LATENCY_MS)
  --jitter MS              ± latency jitter (env SIM_JITTER_MS)
  --rate-limit R           captcha when a client exceeds R requests/s (env SIM_RATE_LIMIT; 0 = off)
  --rate-limit-scope S     ip | global (env SIM_RATE_LIMIT_SCOPE; default ip)
  --rate-limit-window MS   sliding window (env SIM_RATE_LIMIT_WINDOW_MS; default 1000)
  --rate-limit-block MS    keep blocking that long once triggered (env SIM_RATE_LIMIT_BLOCK_MS; default 0)
  --fault-seed S           seed of fault decisions (env SIM_FAULT_SEED; default 1)
  --quiet                  no request log
  --help`;

export interface CliConfig {
  options: SimulatorOptions & { port: number };
  quiet: boolean;
  help: boolean;
}

const FLAGS: Record<string, string> = {
  port: 'SIM_PORT',
  host: 'SIM_HOST',
  stores: 'SIM_STORES',
  'page-size': 'SIM_PAGE_SIZE',
  'page-cap': 'SIM_PAGE_CAP',
  'captcha-rate': 'SIM_CAPTCHA_RATE',
  'error-rate': 'SIM_ERROR_RATE',
  latency: 'SIM_LATENCY_MS',
  jitter: 'SIM_JITTER_MS',
  'rate-limit': 'SIM_RATE_LIMIT',
  'rate-limit-scope': 'SIM_RATE_LIMIT_SCOPE',
  'rate-limit-window': 'SIM_RATE_LIMIT_WINDOW_MS',
  'rate-limit-block': 'SIM_RATE_LIMIT_BLOCK_MS',
  'fault-seed': 'SIM_FAULT_SEED',
};

function int(name: string, v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a non-negative integer, got "${v}"`);
  return n;
}

export function parseCliArgs(argv: string[], env: NodeJS.ProcessEnv = {}): CliConfig {
  const values: Record<string, string> = {};
  for (const [flag, variable] of Object.entries(FLAGS))
    if (env[variable] !== undefined) values[flag] = env[variable]!;
  let quiet = false;
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--quiet') quiet = true;
    else if (arg === '--help' || arg === '-h') help = true;
    else if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      const name = eq > 0 ? arg.slice(2, eq) : arg.slice(2);
      if (!(name in FLAGS)) throw new Error(`unknown option ${arg}\n${USAGE}`);
      const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined) throw new Error(`option --${name} needs a value`);
      values[name] = value;
    } else throw new Error(`unexpected argument ${arg}\n${USAGE}`);
  }
  const faults: Partial<FaultSettings> = {};
  if (values['captcha-rate'] !== undefined) faults.captchaRate = Number(values['captcha-rate']);
  if (values['error-rate'] !== undefined) faults.errorRate = Number(values['error-rate']);
  if (values.latency !== undefined) faults.latencyMs = int('latency', values.latency);
  if (values.jitter !== undefined) faults.jitterMs = int('jitter', values.jitter);
  if (values['fault-seed'] !== undefined) faults.seed = values['fault-seed'];
  if (values['rate-limit'] !== undefined) {
    const scope = values['rate-limit-scope'] ?? 'ip';
    if (scope !== 'ip' && scope !== 'global') throw new Error(`--rate-limit-scope must be ip or global`);
    faults.rateLimit = {
      perSecond: Number(values['rate-limit']),
      scope,
      windowMs: values['rate-limit-window'] ? int('rate-limit-window', values['rate-limit-window']) : 1000,
      blockMs: values['rate-limit-block'] ? int('rate-limit-block', values['rate-limit-block']) : 0,
    };
  }
  return {
    quiet,
    help,
    options: {
      port: values.port !== undefined ? int('port', values.port) : 8090,
      host: values.host ?? '127.0.0.1',
      stores: parseStoreList(values.stores ?? '1:100,2:1000'),
      pageSize: values['page-size'] ? int('page-size', values['page-size']) : 16,
      pageCap: values['page-cap'] ? int('page-cap', values['page-cap']) : 7,
      faults,
    },
  };
}
