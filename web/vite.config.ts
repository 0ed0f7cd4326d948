/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const { testWorkers } = createRequire(import.meta.url)('../scripts/test-workers.cjs') as {
  testWorkers(): number;
};

const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';

// `/dashboard` is both an SPA route and an API prefix (POST /dashboard/{state}, DELETE /dashboard/{id}).
// Browser navigations (Accept: text/html) stay in the SPA; XHR/fetch calls go to the gateway.
const htmlBypass = (req: IncomingMessage) =>
  req.method === 'GET' && (req.headers.accept ?? '').includes('text/html') ? '/index.html' : undefined;

// Workspace packages shared with the back end are used from their TypeScript sources (their `dist`
// is CommonJS for Node); keep in step with `paths` in tsconfig.json.
const workspaceSource = (dir: string) => fileURLToPath(new URL(`../${dir}/src/index.ts`, import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@shelfscan/markets': workspaceSource('libs/markets'),
      '@shelfscan/messages': workspaceSource('libs/messages'),
      '@shelfscan/validation': workspaceSource('libs/validation'),
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: gateway, changeOrigin: true },
      '/dashboard': { target: gateway, changeOrigin: true, bypass: htmlBypass },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: the chunk graph scripts/web-budget.mjs measures the first loads from.
    manifest: true,
    chunkSizeWarningLimit: 600,
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    include: ['src/**/*.{spec,test}.{ts,tsx}'],
    restoreMocks: true,
    // Two test files at once on the 2-core machine, not vitest's one (scripts/test-workers.cjs).
    maxWorkers: testWorkers(),
    // A test or hook that hangs fails naming itself; scripts/test-all.sh bounds the whole run
    // (scripts/vitest-watchdog.mjs names the tests still running when that bound fires).
    testTimeout: 20000,
    hookTimeout: 20000,
    teardownTimeout: 10000,
    // Node's fetch/Request (used under jsdom) need absolute URLs; browsers use the same origin.
    env: { VITE_API_BASE: 'http://localhost:3000' },
  },
});
