// `make bench`: every benchmark, on the built packages (the Makefile builds first).
// Exit code 1 when a benchmark misses its target.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runScanBench } from './scan.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

console.log('== scan benchmark (simulator, 7 × 16 cap) ==');
const scan = await runScanBench({ outFile: path.join(here, 'results', 'scan.json') });

if (!scan.pass) {
  console.error('\nbench: a target was missed (see above)');
  process.exitCode = 1;
}
