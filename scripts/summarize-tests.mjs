// Sums every suite's JSON result in test-results/ into one line "N passed, N failed[, N skipped]".
// Formats: jest and vitest (--json), Playwright (json reporter), and {passed, failed} of checks.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? 'test-results';
let passed = 0;
let failed = 0;
let skipped = 0;
const lines = [];
for (const file of fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  let r;
  try {
    r = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  } catch {
    lines.push(`${file}: unreadable`);
    failed++;
    continue;
  }
  let p = 0,
    f = 0,
    s = 0;
  if ('numPassedTests' in r) {
    p = r.numPassedTests;
    f = r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
    s = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  } else if (r.stats && 'expected' in r.stats) {
    p = r.stats.expected + (r.stats.flaky ?? 0);
    f = r.stats.unexpected + (r.errors?.length ?? 0);
    s = r.stats.skipped ?? 0;
  } else if ('passed' in r) {
    p = r.passed;
    f = r.failed;
    s = r.skipped ?? 0;
  }
  passed += p;
  failed += f;
  skipped += s;
  lines.push(
    `  ${file.replace(/\.json$/, '').padEnd(28)} ${p} passed, ${f} failed${s ? `, ${s} skipped` : ''}`,
  );
}
const expected = ['jest.json', 'web.json', 'chart.json', 'e2e.json'];
for (const name of expected) {
  if (!fs.existsSync(path.join(dir, name))) {
    lines.push(`  ${name.replace(/\.json$/, '').padEnd(28)} no result: the suite did not run`);
    failed++;
  }
}
console.log('\nSuites:');
console.log(lines.join('\n'));
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
