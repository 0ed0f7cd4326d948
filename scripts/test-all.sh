#!/usr/bin/env bash
# Runs every suite (checks, jest, web, chart, e2e), even when one fails, then prints one line
# "N passed, N failed" over all of them (read by CI) and exits non-zero if anything failed.
set -uo pipefail
cd "$(dirname "$0")/.."
results=test-results
rm -rf "$results" && mkdir -p "$results"
export CI="${CI:-}"

check() { # name, command...: a check counts as one test
  local name=$1; shift
  echo "── $name"
  if "$@"; then echo "{\"passed\":1,\"failed\":0}" > "$results/check-$name.json"
  else echo "{\"passed\":0,\"failed\":1}" > "$results/check-$name.json"; echo "✗ $name failed"; fi
}

check build npm run build
check proto-generated make --no-print-directory proto-check
check lint make --no-print-directory lint

echo "── jest (libs, proto, services, gateway, apps, tools)"
node --experimental-vm-modules node_modules/jest/bin/jest.js --ci --json --outputFile="$results/jest.json" \
  || echo "✗ jest failed"

echo "── web (vitest)"
(cd web && npx vitest run --reporter=default --reporter=json --outputFile="../$results/web.json") || echo "✗ web tests failed"

echo "── chart"
node scripts/chart-check.mjs || echo "✗ chart check failed"

echo "── e2e (Playwright in Chromium)"
npm test -w tests/e2e || echo "✗ e2e failed"

node scripts/summarize-tests.mjs "$results"
