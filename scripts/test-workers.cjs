// How many test files jest and vitest run at once. Both default to one less than the cores, which
// on the 2-core CI machine is a single worker: one core idles while the other runs the suites
// serially (jest 856 s, vitest 205 s on a fresh clone; docs/performance.md). Every suite is
// isolated (a database per jest file, a jsdom per vitest file), so two workers are safe there;
// larger machines keep the runners' own default.
const os = require('node:os');

function testWorkers(cores = os.availableParallelism()) {
  return Math.max(2, cores - 1);
}

module.exports = { testWorkers };
