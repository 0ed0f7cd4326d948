// `make demo`: ShelfScan in one process with the marketplace simulator standing in for Amazon.
import 'reflect-metadata';
import { UsersService } from '@shelfscan/auth-service';
import { loadConfig, runOrExit } from '@shelfscan/config';
import { billingEventsV1 } from '@shelfscan/contracts';
import { createLogger } from '@shelfscan/observability';
import { categories, soldMarket } from '@shelfscan/search-service';
import { startSimulator } from '@shelfscan/simulator';
import { allInOneEnvSchema } from './config.js';
import { startAllInOne, type Running } from './launcher.js';
import { stopOnSignals } from './stop-on-signals.js';

/** The demo seller: an activated account holding all three plans (until billing sells them). */
const DEMO_SELLER = { email: 'seller@shelfscan.local', password: 'demo-seller' };
const DEMO_PLAN_ID = 'demo-seller-all-plans';

/**
 * Seeds the demo seller: the account through the auth service (as the admin account is ensured),
 * the plans through the bus as billing will announce them: PlanActivated for standard, deep and
 * functional over ten years, always the same subscription id (a second `make demo` upserts it).
 */
async function seedDemoSeller(running: Running): Promise<void> {
  const users = running.services.get('auth')?.app.get(UsersService);
  if (!users) throw new Error('the demo needs the auth service');
  await users.ensureAccount({ ...DEMO_SELLER, roles: ['ROLE_USER'], firstName: 'Demo', lastName: 'Seller' });
  const start = new Date(Date.UTC(2025, 0, 1));
  await running.publish(billingEventsV1.PlanActivatedSchema, {
    subscriptionId: DEMO_PLAN_ID,
    userEmail: DEMO_SELLER.email,
    features: ['standard', 'deep', 'functional'],
    trial: false,
    periodStart: start.toISOString(),
    periodEnd: new Date(Date.UTC(2035, 0, 1)).toISOString(),
  });
}

/**
 * The simulator's departments under the amazon.ca ids the scan dialog lists (its categories), so
 * a scan restricted to a category on the demo reads that department of the store.
 */
const SIMULATOR_DEPARTMENTS_ON_CA: Record<string, string> = {
  'Sports & Outdoors': 'Sports & Outdoors',
  'Home & Kitchen': 'Home',
  Electronics: 'Electronics',
  'Clothing, Shoes & Accessories': 'Fashion',
  'Toys & Games': 'Toys & Games',
  'Beauty & Personal Care': 'Beauty & Personal Care',
  'Pet Supplies': 'Pet Supplies',
  'Tools & Home Improvement': 'Home Improvement',
  'Office Products': 'Office Products',
  Books: 'Books',
};

function caDepartmentIds(): Record<string, string> {
  const listed = categories(soldMarket('CA')!);
  return Object.fromEntries(
    Object.entries(SIMULATOR_DEPARTMENTS_ON_CA).flatMap(([name, label]) => {
      const category = listed.find((c) => c.label === label);
      return category ? [[name, category.nodeId]] : [];
    }),
  );
}

const departmentIds = caDepartmentIds();
/** The demo stores: a small one, one past the 7-page cap, and one past the 2,720 list limit. */
const DEMO_STORES = [
  { seed: 'demo-small', size: 60, departmentIds },
  { seed: 'demo-medium', size: 1_200, departmentIds },
  { seed: 'demo-large', size: 6_000, departmentIds },
];

void runOrExit(async () => {
  const log = createLogger('demo');
  // SIM_PORT, or the simulator's own default 8090 (then any free port when that one is taken; a
  // SIM_PORT that is taken stops the start: tests read the simulator there).
  const simOptions = { stores: DEMO_STORES, faults: { latencyMs: 40, jitterMs: 30 } };
  const sim = await startSimulator({ ...simOptions, port: Number(process.env.SIM_PORT || 8090) }).catch(
    (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EADDRINUSE' || process.env.SIM_PORT) throw err;
      return startSimulator({ ...simOptions, port: 0 });
    },
  );
  process.env.MARKETPLACE_ORIGIN = sim.url;
  process.env.ADMIN_EMAIL ||= 'admin@shelfscan.local';
  process.env.ADMIN_PASSWORD ||= 'demo-admin';
  // The simulator is local: scans may go faster than the 0.5 requests/second Amazon gets.
  process.env.SCRAPER_REQUESTS_PER_SECOND ||= '5';

  const ready = (async () => {
    let running: Running | undefined;
    try {
      running = await startAllInOne(loadConfig(allInOneEnvSchema));
      await seedDemoSeller(running);
      return running;
    } catch (err) {
      await running?.stop();
      await sim.close();
      throw err;
    }
  })();
  // Signals are handled from the first moment: a Ctrl-C while it starts stops it once started, in
  // order (the terminal's Ctrl-C does not reach PostgreSQL, which is in a process group of its own).
  stopOnSignals(async () => {
    await (await ready).stop();
    await sim.close();
  }, log);

  const up = await ready;
  const out = (line = '') => process.stdout.write(`${line}\n`);
  out();
  out(`ShelfScan demo is up on ${up.url}`);
  out(`  admin: ${process.env.ADMIN_EMAIL} / ${process.env.ADMIN_PASSWORD}`);
  out(`  seller (Standard, Deep and Functional plans): ${DEMO_SELLER.email} / ${DEMO_SELLER.password}`);
  out(`  marketplace simulator: ${sim.url} (MARKETPLACE_ORIGIN)`);
  out();
  out('Demo stores (paste one into a scan, or try it from the command line):');
  for (const store of sim.stores) {
    out(`  https://www.amazon.ca/s?me=${store.sellerId}   ${store.asins.length} ASINs`);
  }
  const first = sim.stores[1] ?? sim.stores[0];
  out();
  // Sold on amazon.ca (two stores' listings) and one the market does not have.
  const sample = [...sim.stores[0].asins.slice(0, 3), first.asins[0], 'B000000000'];
  out(`ASIN check (market Canada): ${sample.join(', ')}`);
  out();
  // make scan starts its own PostgreSQL: give it its own DATA_DIR, not the running demo's.
  out('Try (in another terminal):');
  out(
    `  DATA_DIR=./.data-scan MARKETPLACE_ORIGIN=${sim.url} SCRAPER_REQUESTS_PER_SECOND=5 make scan URL='https://www.amazon.ca/s?me=${first.sellerId}' TYPE=deep`,
  );
  out();
  out('Ctrl-C stops everything.');
});
