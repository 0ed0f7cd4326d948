# ShelfScan — the operating contract: make up | make demo | make test | make bench
SHELL := /bin/bash
.DEFAULT_GOAL := help

# Every target runs on Node >= 22 (the machine's, or Node 24 LTS installed once under .tools/).
NODE_BIN := $(shell scripts/ensure-node.sh)
ifeq ($(NODE_BIN),)
$(error could not find or install Node >= 22)
endif
export PATH := $(NODE_BIN):$(PATH)
export npm_config_nodedir := $(abspath $(NODE_BIN)/..)
export npm_config_update_notifier := false

INSTALL_STAMP := node_modules/.install-stamp

.PHONY: help install build up demo test test-unit test-web test-e2e test-chart test-cluster lint proto-check bench scan scan-build clean

help:
	@echo "make up     install, build and start ShelfScan on http://localhost:$${PORT:-8080} (embedded PostgreSQL under DATA_DIR)"
	@echo "make demo   as make up, with the marketplace simulator and demo data"
	@echo "make test   install and run every test (unit, integration on real PostgreSQL, web, chart, e2e in Chromium, cluster)"
	@echo "make bench  run the benchmarks and print their figures"
	@echo "make scan URL='<store url>' TYPE=standard|deep|functional [KEYWORD=...]"

# `npm install` (not `npm ci`): npm 11 writes lockfiles without other platforms' optional packages
# (@swc/core-darwin-arm64, ...) and then refuses them in `npm ci`. The lockfile still pins every version.
$(INSTALL_STAMP): package.json package-lock.json $(wildcard */package.json */*/package.json)
	npm install --no-audit --no-fund
	@touch $@

install: $(INSTALL_STAMP)

build: install
	npm run build

# The one process's V8 heap settings (docs/performance.md, "Memory"): read by npm start and bench/memory.mjs too.
ALL_IN_ONE_NODE_FLAGS = $(shell cat apps/all-in-one/node-flags)

up: build
	node $(ALL_IN_ONE_NODE_FLAGS) apps/all-in-one/dist/main.js

demo: build
	node $(ALL_IN_ONE_NODE_FLAGS) apps/all-in-one/dist/demo.js

# eslint (code), prettier (format), knip (unused files, exports and dependencies of every workspace).
lint: install
	npx eslint .
	npx prettier --check .
	npx knip --no-progress
	npx tsc -p tests/e2e
	npx tsc -p tests/cluster

# The generated contracts must match proto/: regenerate and fail on any difference.
proto-check: install
	npm run generate -w proto
	@git diff --exit-code --stat -- proto/src/gen || { echo "proto/src/gen is stale: run 'npm run generate -w proto' and commit"; exit 1; }
	@test -z "$$(git ls-files --others --exclude-standard proto/src/gen)" || { echo "proto/src/gen has files not committed"; exit 1; }

test: install
	scripts/test-all.sh

# JEST_ARGS / VITEST_ARGS: extra arguments for the runner (scripts/test-all.sh adds its reporters).
test-unit: install
	node --experimental-vm-modules node_modules/jest/bin/jest.js $(JEST_ARGS)

test-web: install
	npm test -w web $(if $(VITEST_ARGS),-- $(VITEST_ARGS))

test-chart: install
	node scripts/chart-check.mjs

test-e2e: build
	npm test -w tests/e2e

# Every service and the gateway as separate processes on Kafka (kcat's mock cluster) and PostgreSQL
# (part of `make test`; tests/cluster/README.md). The suite builds what it runs.
test-cluster: install
	npm test -w tests/cluster $(if $(JEST_ARGS),-- $(JEST_ARGS))

# BENCH_QUICK=1: one small store per benchmark, figures under test-results/bench (the smoke of
# scripts/test-all.sh); the reference figures in bench/results need the full run.
bench: build
	node bench/run.mjs

# stdout carries only the ASINs: the install and build say what they do on stderr.
scan: scan-build
	@node services/scraper/dist/cli/scan.js --url '$(URL)' --type '$(or $(TYPE),standard)' $(if $(KEYWORD),--keyword '$(KEYWORD)')

scan-build:
	@$(MAKE) --no-print-directory build >&2

clean:
	rm -rf node_modules */node_modules */*/node_modules */dist */*/dist .tools
