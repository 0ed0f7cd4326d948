// `make demo`: ShelfScan in one process with the marketplace simulator standing in for Amazon and a
// double of the central bank's bulletin (demo-setup.ts), seeded with a seller, his plans and a code.
import 'reflect-metadata';
import { baseEnvSchema, loadConfig, runOrExit } from '@shelfscan/config';
import { createLogger, stopOnSignals } from '@shelfscan/observability';
import { DEMO_PROMOTION, DEMO_SELLER, startDemo } from './demo-setup.js';

void runOrExit(async () => {
  const log = createLogger('demo');
  const ready = startDemo();
  // Signals are handled from the first moment: a Ctrl-C while it starts stops it once started, in
  // order (the terminal's Ctrl-C does not reach PostgreSQL, which is in a process group of its own).
  stopOnSignals({
    graceSeconds: loadConfig(baseEnvSchema).SHUTDOWN_GRACE_SECONDS,
    log,
    stop: async () => (await ready).stop(),
  });
  const demo = await ready;
  const { running: up, sim, centralBank, telegram, env } = demo;
  const out = (line = '') => process.stdout.write(`${line}\n`);
  out();
  out(`ShelfScan demo is up on ${up.url}`);
  out(`  admin: ${env.ADMIN_EMAIL} / ${env.ADMIN_PASSWORD}`);
  out(`  seller (Standard, Deep and Functional plans): ${DEMO_SELLER.email} / ${DEMO_SELLER.password}`);
  out(`  promotion code: ${DEMO_PROMOTION.code} (${DEMO_PROMOTION.value} % off a purchase)`);
  out(`  marketplace simulator: ${sim.url} (MARKETPLACE_ORIGIN)`);
  out(
    env.FX_RATES_URL === centralBank.url
      ? `  central bank: SIMULATED bulletin of today, 1 USD = ${centralBank.usdSelling} TRY, at ${centralBank.url} (FX_RATES_URL)`
      : `  central bank: ${env.FX_RATES_URL} (FX_RATES_URL)`,
  );
  out(
    env.TELEGRAM_API_ORIGIN === telegram.origin
      ? `  Telegram: SIMULATED Bot API at ${telegram.origin} (TELEGRAM_API_ORIGIN); act as the user: POST ${telegram.origin}/simulated/send {"chat_id":1,"text":"/start <code>"}`
      : '  Telegram: TELEGRAM_BOT_TOKEN given (the real Bot API)',
  );
  out();
  out('Demo stores (paste one into a scan, or try it from the command line):');
  for (const store of sim.stores) {
    out(`  https://www.${store.market.domain}/s?me=${store.sellerId}   ${store.asins.length} ASINs`);
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
