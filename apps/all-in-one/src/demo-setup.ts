// What `make demo` starts and seeds: ShelfScan in one process with local stand-ins for Amazon (the
// marketplace simulator) and the central bank (a simulated bulletin of today), so it runs offline.
import { UsersService } from '@shelfscan/auth-service';
import { runAsCaller, type BusCaller, type BusClient } from '@shelfscan/bus';
import { loadConfig } from '@shelfscan/config';
import { billingV1 } from '@shelfscan/contracts';
import { health } from '@shelfscan/observability';
import { categories, soldMarket } from '@shelfscan/search-service';
import {
  startCentralBank,
  startSimulator,
  startTelegramBot,
  type CentralBank,
  type Simulator,
  type TelegramBot,
} from '@shelfscan/simulator';
import { allInOneEnvSchema } from './config.js';
import { startAllInOne, type Running } from './launcher.js';

const { BillingService } = billingV1;

/** The demo seller: an activated account holding all three plans, granted through billing. */
export const DEMO_SELLER = { email: 'seller@shelfscan.local', password: 'demo-seller' };
export const DEMO_ADMIN = { email: 'admin@shelfscan.local', password: 'demo-admin' };
/** A promotion code anyone may use on the demo: 20 % off a purchase. */
export const DEMO_PROMOTION = { code: 'DEMO20', type: 'PERCENT', value: '20' } as const;
const FEATURES = ['standard', 'deep', 'functional'];
const GRANT_REASON = 'make demo';

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

/** The demo stores: a small one, one past the 7-page cap, one past the 2,720 list limit, a UK one and one a Deep scan reads only in part. */
function demoStores() {
  const departmentIds = caDepartmentIds();
  return [
    { seed: 'demo-small', size: 60, departmentIds },
    { seed: 'demo-medium', size: 1_200, departmentIds },
    { seed: 'demo-large', size: 6_000, departmentIds },
    // and a small one on amazon.co.uk (the United Kingdom, market UK)
    { seed: 'demo-uk', size: 48, marketDomain: 'amazon.co.uk' },
    // and one a Deep scan cannot read in full (a fifth unpriced, one title): it ends partial
    { seed: 'demo-partial', size: 1_000, departmentIds, behaviour: { unpriced: 0.2, sameTitles: true } },
  ];
}

export interface Demo {
  running: Running;
  sim: Simulator;
  /** The central bank double billing reads, unless FX_RATES_URL was given. */
  centralBank: CentralBank;
  /** The simulated Telegram Bot API the auth service talks to, unless TELEGRAM_BOT_TOKEN was given. */
  telegram: TelegramBot;
  /** The env the demo ran with (its defaults filled in). */
  env: Record<string, string | undefined>;
  stop(): Promise<void>;
}

/**
 * Starts the simulator (SIM_PORT, or its default 8090, then any free port when that one is taken; a
 * SIM_PORT that is taken stops the start: tests read the simulator there), the central bank double,
 * then ShelfScan pointed at both, and seeds it through the services' own APIs.
 */
export async function startDemo(given: Record<string, string | undefined> = process.env): Promise<Demo> {
  const simOptions = { stores: demoStores(), faults: { latencyMs: 40, jitterMs: 30 } };
  const sim = await startSimulator({ ...simOptions, port: Number(given.SIM_PORT || 8090) }).catch(
    (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EADDRINUSE' || given.SIM_PORT) throw err;
      return startSimulator({ ...simOptions, port: 0 });
    },
  );
  let centralBank: CentralBank | undefined;
  let telegram: TelegramBot | undefined;
  let running: Running | undefined;
  try {
    centralBank = await startCentralBank();
    telegram = await startTelegramBot();
    const env = {
      ...given,
      MARKETPLACE_ORIGIN: sim.url,
      ADMIN_EMAIL: given.ADMIN_EMAIL || DEMO_ADMIN.email,
      ADMIN_PASSWORD: given.ADMIN_PASSWORD || DEMO_ADMIN.password,
      // make up reads the central bank itself; the demo its double (offline), unless told otherwise.
      FX_RATES_URL: given.FX_RATES_URL || centralBank.url,
      // The simulator is local: scans may go faster than the 0.5 requests/second Amazon gets.
      SCRAPER_REQUESTS_PER_SECOND: given.SCRAPER_REQUESTS_PER_SECOND || '5',
      // Webhooks may go to a local receiver (http, private addresses): off in `make up` (docs/security.md).
      WEBHOOK_ALLOW_PRIVATE_TARGETS: given.WEBHOOK_ALLOW_PRIVATE_TARGETS || 'true',
      // Telegram alerts go to the simulated Bot API (no message leaves the machine), unless a real bot is given.
      ...(given.TELEGRAM_BOT_TOKEN
        ? {}
        : { TELEGRAM_BOT_TOKEN: telegram.token, TELEGRAM_API_ORIGIN: telegram.origin }),
    };
    // Not ready (/readyz 503) until the seed is in: the server listens before the seller exists,
    // and a login then would be refused (the journeys and a user opening the demo at once).
    let seeded = false;
    health.register('demo seed', async () => {
      if (!seeded) throw new Error('seeding the demo');
    });
    running = await startAllInOne(loadConfig(allInOneEnvSchema, env));
    await seedDemo(running, env.ADMIN_EMAIL);
    seeded = true;
    const [up, bank, bot] = [running, centralBank, telegram];
    return {
      running: up,
      sim,
      centralBank: bank,
      telegram: bot,
      env,
      stop: async () => {
        await up.stop();
        await bot.close();
        await bank.close();
        await sim.close();
      },
    };
  } catch (err) {
    await running?.stop();
    await telegram?.close();
    await centralBank?.close();
    await sim.close();
    throw err;
  }
}

/**
 * The demo's data, each through the service that owns it, as an admin would make it: the seller's
 * account (auth, as the admin account is ensured), his plans (billing's GrantPlan: billing, search
 * and admin learn them from its PlanActivated) and a promotion code (billing's SavePromotion). A
 * second `make demo` on the same data finds them and adds nothing.
 */
async function seedDemo(running: Running, adminEmail: string): Promise<void> {
  const users = running.services.get('auth')?.app.get(UsersService);
  if (!users) throw new Error('the demo needs the auth service');
  await users.ensureAccount({ ...DEMO_SELLER, roles: ['ROLE_USER'], firstName: 'Demo', lastName: 'Seller' });

  const { bus } = running;
  const caller = { email: adminEmail, roles: ['ROLE_ADMIN'] };
  // The seed asks as the gateway would for a verified token: as the seller, then as the admin
  // (the launcher's in-process key signs the assertions the services check).
  const { plans } = await runAsCaller({ email: DEMO_SELLER.email, roles: ['ROLE_USER'] }, () =>
    bus.request(BillingService.method.getUserPlans, { email: DEMO_SELLER.email }),
  );
  const granted = plans.some(
    (p) =>
      p.status === 'active' &&
      p.grantReason === GRANT_REASON &&
      FEATURES.every((f) => p.features.includes(f)),
  );
  await runAsCaller(caller, () => seedAsAdmin(bus, caller, granted));
}

async function seedAsAdmin(bus: BusClient, caller: BusCaller, granted: boolean): Promise<void> {
  if (!granted) {
    const year = Number(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul', year: 'numeric' }).format(),
    );
    await bus.request(BillingService.method.grantPlan, {
      caller,
      email: DEMO_SELLER.email,
      features: FEATURES,
      periodEnd: `${year + 10}-01-01`,
      reason: GRANT_REASON,
    });
  }

  const { promotions } = await bus.request(BillingService.method.listPromotions, {});
  if (!promotions.some((p) => p.code === DEMO_PROMOTION.code)) {
    await bus.request(BillingService.method.savePromotion, {
      promotion: {
        ...DEMO_PROMOTION,
        description: 'make demo: 20 % off / %20 indirim',
        minimumBasket: '',
        count: 1000,
        expiryDate: '',
        active: true,
      },
    });
  }
}
