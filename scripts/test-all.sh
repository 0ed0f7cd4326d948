#!/usr/bin/env bash
# Runs every suite (checks, jest, web, chart, e2e, cluster), even when one fails, then prints one line
# "N passed, N failed" over all of them (read by CI) and exits non-zero if anything failed.
# Every make target the README offers is run here as a reader runs it (`make test-unit`, `make
# test-cluster`, ...; `make up`, `make demo`, `make scan` and `make bench` as short smokes), and the
# check `readme-targets` fails when the README names one that is not (scripts/readme-targets.mjs).
#
# Nothing can hang it: each test has its own timeout (jest 30 s, vitest 20 s, Playwright 60 s),
# each suite has a bound (seconds below, each overridable by its variable) after which it is
# stopped and counted as failed, naming the tests that were still running, and the summary line
# is printed in every case. The bounds add up to 72 minutes; a run of `.ci/run` on a fresh clone
# took 21.3 and 24.1 on 2 cores on 2026-11-28 (install and checks 2, jest 10.6–11.5 in one worker,
# web 3–3.8, e2e 3.8–4.6, cluster 1, the four smokes 0.8 together, each bounded at 3): each suite prints the time
# it took against its bound. Bringing it back under 15 minutes is issue 23's: jest and vitest now run
# two files at once (scripts/test-workers.cjs), and the scraper's files, half of jest's time, take a
# third less CPU since the parser reads a page in one walk and the test PostgreSQL skips fsync: a fresh
# clone took 20.1 and 17.5 minutes on 2026-12-06 at load average 3–4 (jest 6.3–6.6, e2e 4.4–5.2, web
# 1.9–2.2, lint 0.8–1.6; figures in docs/performance.md).
set -uo pipefail
cd "$(dirname "$0")/.."
results=test-results
rm -rf "$results" && mkdir -p "$results"
export CI="${CI:-}"

BOUND_BUILD=${BOUND_BUILD:-180}
BOUND_PROTO=${BOUND_PROTO:-60}
BOUND_LINT=${BOUND_LINT:-240}
BOUND_JEST=${BOUND_JEST:-1200}
BOUND_WEB=${BOUND_WEB:-420}
BOUND_CHART=${BOUND_CHART:-120}
BOUND_E2E=${BOUND_E2E:-720}
BOUND_CLUSTER=${BOUND_CLUSTER:-420}
BOUND_SMOKE=${BOUND_SMOKE:-180}
# The suites' own bounds fire first and name the stuck tests; the outer `timeout` is the backstop.
export JEST_RUN_BOUND_SECONDS=${JEST_RUN_BOUND_SECONDS:-$((BOUND_JEST - 30))}
export VITEST_RUN_BOUND_SECONDS=${VITEST_RUN_BOUND_SECONDS:-$((BOUND_WEB - 30))}
export E2E_RUN_BOUND_SECONDS=${E2E_RUN_BOUND_SECONDS:-$((BOUND_E2E - 30))}
export CHART_RUN_BOUND_SECONDS=${CHART_RUN_BOUND_SECONDS:-$((BOUND_CHART - 15))}

# The saved Amazon pages first: without them, one message and the summary line, at once.
if ! node scripts/shared-dir.cjs >/dev/null; then
  echo '{"passed":0,"failed":1}' > "$results/check-shared-pages.json"
  echo "✗ shared pages missing: nothing else was run"
  echo "0 passed, 1 failed"
  exit 1
fi

# bounded NAME SECONDS VARIABLE command...: runs the command, stopped after SECONDS (then killed
# 20 s later); says so clearly. Returns the command's status (124 when stopped).
bounded() {
  local name=$1 seconds=$2 variable=$3; shift 3
  local started=$SECONDS
  timeout --kill-after=20 "$seconds" "$@"
  local rc=$?
  if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
    echo "✗ $name exceeded its bound of ${seconds} s ($variable) and was stopped"
  fi
  echo "   ($name took $((SECONDS - started)) s of its ${seconds} s bound)"
  return "$rc"
}

check() { # name, seconds, variable, command...: a check counts as one test
  local name=$1; shift
  echo "── $name"
  if bounded "$name" "$@"; then echo "{\"passed\":1,\"failed\":0}" > "$results/check-$name.json"
  else echo "{\"passed\":0,\"failed\":1}" > "$results/check-$name.json"; echo "✗ $name failed"; fi
}

# The build is checked once here; the targets below that build first skip it (`make -o build`).
check build "$BOUND_BUILD" BOUND_BUILD make --no-print-directory build
check proto-generated "$BOUND_PROTO" BOUND_PROTO make --no-print-directory proto-check
check lint "$BOUND_LINT" BOUND_LINT make --no-print-directory lint
check readme-targets "$BOUND_SMOKE" BOUND_SMOKE node scripts/readme-targets.mjs listed
check doc-links "$BOUND_PROTO" BOUND_PROTO node scripts/doc-links.mjs
# The first-load budgets of the SPA, from the build's manifest (docs/performance.md; about a second).
check web-budget "$BOUND_PROTO" BOUND_PROTO node scripts/web-budget.mjs

echo "── jest (libs, proto, services, gateway, apps, tools)"
bounded jest "$BOUND_JEST" BOUND_JEST make --no-print-directory test-unit \
  JEST_ARGS="--ci --json --outputFile=$results/jest.json" || echo "✗ jest failed"

echo "── web (vitest)"
bounded "web tests" "$BOUND_WEB" BOUND_WEB make --no-print-directory test-web \
  VITEST_ARGS="--reporter=default --reporter=json --outputFile=../$results/web.json --reporter=../scripts/vitest-watchdog.mjs" \
  || echo "✗ web tests failed"

echo "── chart"
bounded "chart check" "$BOUND_CHART" BOUND_CHART make --no-print-directory test-chart || echo "✗ chart check failed"

echo "── e2e (Playwright in Chromium)"
bounded e2e "$BOUND_E2E" BOUND_E2E make --no-print-directory -o build test-e2e || echo "✗ e2e failed"

# Every service and the gateway as separate processes on Kafka (the mock cluster) and PostgreSQL;
# its processes' logs are kept in test-results/cluster/ (tests/cluster/README.md).
echo "── cluster (every deployable as its own process, on Kafka)"
(export JEST_RUN_BOUND_SECONDS=$((BOUND_CLUSTER - 30)) && bounded cluster "$BOUND_CLUSTER" BOUND_CLUSTER \
  make --no-print-directory test-cluster JEST_ARGS="--ci --json --outputFile=$PWD/$results/cluster.json") \
  || echo "✗ cluster failed"

# The README's other targets, as short smokes on the built tree (each about 20 s).
echo "── make up, make demo, make scan, make bench (smokes)"
check make-up "$BOUND_SMOKE" BOUND_SMOKE node scripts/readme-targets.mjs up
check make-demo "$BOUND_SMOKE" BOUND_SMOKE node scripts/readme-targets.mjs demo
check make-scan "$BOUND_SMOKE" BOUND_SMOKE node scripts/readme-targets.mjs scan
check make-bench "$BOUND_SMOKE" BOUND_SMOKE env BENCH_QUICK=1 make --no-print-directory -o build bench

node scripts/summarize-tests.mjs "$results"
