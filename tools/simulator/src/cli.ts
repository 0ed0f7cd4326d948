#!/usr/bin/env node
/** `node tools/simulator/dist/cli.js --port 8090 --stores 1:100,2:1000` */
import { USAGE, parseCliArgs } from './cli-args.js';
import { startSimulator } from './server.js';

async function main(): Promise<void> {
  const config = parseCliArgs(process.argv.slice(2), process.env);
  if (config.help) {
    console.log(USAGE);
    return;
  }
  const started = Date.now();
  const sim = await startSimulator({
    ...config.options,
    log: config.quiet ? undefined : (line) => console.log(line),
  });
  console.log(`marketplace simulator listening on ${sim.url} (stores built in ${Date.now() - started} ms)`);
  for (const s of sim.stores) {
    console.log(
      `  ${s.sellerId}  ${String(s.size).padStart(6)} ASINs  ${s.market.domain.padEnd(14)} ${sim.url}/s?me=${s.sellerId}`,
    );
  }
  console.log(`  page size ${sim.pageSize}, page cap ${sim.pageCap}, faults ${JSON.stringify(sim.faults())}`);
  const stop = (): void => {
    sim.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
