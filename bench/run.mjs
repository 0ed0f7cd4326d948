// `make bench`: every benchmark, on the built packages (the Makefile builds first).
// Exit code 1 when a benchmark misses its target. BENCH_MAX_SIZE=10000 leaves out bigger stores
// (while iterating; the full figures need the 50,000-ASIN runs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runParseBench } from './parse.mjs';
import { HEADER, runRealStoresBench } from './real-stores.mjs';
import { runScanBench, SIZES } from './scan.mjs';
import { runSimulatorBench } from './simulator.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const maxSize = Number(process.env.BENCH_MAX_SIZE || Infinity);

console.log('== scan benchmark (simulator, 7 × 16 cap) ==');
const scan = await runScanBench({
  sizes: SIZES.filter((n) => n <= maxSize),
  outFile: path.join(here, 'results', 'scan.json'),
});

console.log('\n== real-store benchmark (Deep; stores that do not keep the price order) ==');
console.log(HEADER);
const real = await runRealStoresBench({ maxSize, outFile: path.join(here, 'results', 'real-stores.json') });

console.log('\n== parser benchmark (saved Amazon pages) ==');
const parse = await runParseBench({ outFile: path.join(here, 'results', 'parse.json') });

console.log('\n== simulator benchmark (pages of a 100,000-ASIN store) ==');
const simulator = await runSimulatorBench({ outFile: path.join(here, 'results', 'simulator.json') });

if (!scan.pass || !real.pass || !parse.pass || !simulator.pass) {
  console.error('\nbench: a target was missed (see above)');
  process.exitCode = 1;
}
