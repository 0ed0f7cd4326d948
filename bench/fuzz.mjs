// The long run of the API fuzzer (gateway/test/fuzz.e2e.spec.ts): the same property as in
// `make test` (no 5xx, no hang, normal answers afterwards) with many more inputs per operation and
// role, and a new seed each time (printed, with the line that replays a failure) unless FUZZ_SEED is
// given. FUZZ_RUNS sets the inputs per operation and role (default 250).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

export function runFuzzBench({ outFile }) {
  const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
  const runs = process.env.FUZZ_RUNS ?? '250';
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.rmSync(outFile, { force: true });
  const jest = spawnSync(
    process.execPath,
    ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', 'gateway/test/fuzz.e2e.spec.ts'],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, FUZZ_SEED: seed, FUZZ_RUNS: runs, FUZZ_REPORT: outFile },
    },
  );
  const report = fs.existsSync(outFile) ? JSON.parse(fs.readFileSync(outFile, 'utf8')) : undefined;
  const pass = jest.status === 0 && report !== undefined && report.fiveHundreds === 0;
  console.log(
    report
      ? `seed ${seed}, ${runs} runs: ${report.requests} requests over ${report.operations} operations × 3 roles, ` +
          `${report.fiveHundreds} answered 5xx, ${report.seconds} s`
      : `seed ${seed}, ${runs} runs: the fuzzer did not finish (see above)`,
  );
  console.log(
    `${pass ? 'PASS' : 'FAIL'} no 5xx, no hang, normal answers afterwards (replay: FUZZ_SEED=${seed})`,
  );
  return { pass };
}
