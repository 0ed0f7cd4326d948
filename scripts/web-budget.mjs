#!/usr/bin/env node
// The first-load budgets of the SPA (issue 23): the gzipped JavaScript and CSS a browser loads before
// the first paint of a page — the entry chunk, its static imports, the page's lazy route chunk and
// its static imports, as Vite's manifest (web/dist/.vite/manifest.json, `npm run build`) lists them.
// Prints a row per page and exits 1 when one passes its budget (a check of `make test`).
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '../web/dist');
const KB = 1000;

/**
 * Each page: the route module React.lazy loads for it, the chunks its texts come from (Turkish, the
 * default: the locale chunk of `common` and `messages`, and its features' namespaces, which the route
 * downloads alongside its module: web/src/app/routes.tsx), and its budgets in gzipped kB. `js`/`css`
 * are enforced: today's sizes plus 2 kB, lowered as the pages shrink; `target` is issue 23's goal
 * (landing and login 150, dashboard 200, CSS 30).
 */
export const PAGES = [
  {
    name: 'landing',
    route: 'src/features/landing/routes/LandingPage.tsx',
    namespaces: ['landing'],
    js: 199,
    css: 28,
    target: { js: 150, css: 30 },
  },
  {
    name: 'login',
    route: 'src/features/auth/routes/LoginPage.tsx',
    namespaces: ['auth'],
    js: 238,
    css: 28,
    target: { js: 150, css: 30 },
  },
  {
    name: 'dashboard',
    route: 'src/features/dashboard/routes/DashboardPage.tsx',
    namespaces: ['dashboard'],
    loggedIn: true,
    js: 291,
    css: 28,
    target: { js: 200, css: 30 },
  },
].map(({ namespaces, loggedIn = false, ...page }) => ({
  ...page,
  texts: ['src/app/i18n-tr.ts', ...namespaces.map((ns) => `src/features/${ns}/locales/tr.json`)],
  // A logged-in user's page also loads the navbar's user items and the contact button (lazy, as
  // the layout renders: web/src/app/layouts/IndexLayout.tsx).
  layout: loggedIn ? ['src/app/layouts/UserNav.tsx', 'src/app/layouts/ContactButton.tsx'] : [],
}));

/** The files (JS and CSS) loaded before the first paint of a page: the entry's chunk and `routes`' (its page, its texts), with their static imports. */
export function firstLoadFiles(manifest, ...routes) {
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entry) throw new Error('no entry chunk in the manifest');
  const js = new Set();
  const css = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const f of chunk.css ?? []) css.add(f);
    for (const k of chunk.imports ?? []) visit(k);
  };
  visit(entry);
  for (const route of routes) {
    if (!manifest[route]) throw new Error(`${route} is not a chunk of the build (a lazy route?)`);
    visit(route);
  }
  return { js: [...js], css: [...css] };
}

const MANTINE_CLASS = /\bm_[0-9a-f]{8}\b/g;
const classesIn = (text) => new Set(text.match(MANTINE_CLASS) ?? []);

/**
 * The classes of @mantine/core the built JavaScript uses that no built stylesheet styles: the app
 * imports Mantine's CSS per component (web/src/app/mantine-styles.ts), and a component new to the
 * app without its file there would show unstyled.
 */
export function missingMantineCss(dir = dist) {
  const core = createRequire(path.join(dir, '../package.json')).resolve('@mantine/core/styles.css');
  const coreClasses = classesIn(fs.readFileSync(core, 'utf8'));
  const assets = fs.readdirSync(path.join(dir, 'assets'));
  const read = (ext) =>
    assets
      .filter((f) => f.endsWith(ext))
      .map((f) => fs.readFileSync(path.join(dir, 'assets', f), 'utf8'))
      .join('\n');
  const styled = classesIn(read('.css'));
  return [...classesIn(read('.js'))].filter((c) => coreClasses.has(c) && !styled.has(c)).sort();
}

const gzipped = (file) => gzipSync(fs.readFileSync(path.join(dist, file))).length;

export function measure(manifest, pages = PAGES) {
  return pages.map((page) => {
    const files = firstLoadFiles(manifest, page.route, ...page.texts, ...page.layout);
    const js = files.js.reduce((n, f) => n + gzipped(f), 0) / KB;
    const css = files.css.reduce((n, f) => n + gzipped(f), 0) / KB;
    return { ...page, jsKb: js, cssKb: css, pass: js <= page.js && css <= page.css };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const manifestPath = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestPath)) {
    console.error(`${manifestPath} is missing: build the web app first (npm run build -w web)`);
    process.exit(1);
  }
  const rows = measure(JSON.parse(fs.readFileSync(manifestPath, 'utf8')));
  for (const r of rows)
    console.log(
      `${r.pass ? 'PASS' : 'FAIL'} ${r.name.padEnd(10)} JS ${r.jsKb.toFixed(1)} kB (budget ${r.js}, target ${r.target.js}) · CSS ${r.cssKb.toFixed(1)} kB (budget ${r.css}, target ${r.target.css}), gzipped, first load`,
    );
  const missing = missingMantineCss();
  if (missing.length)
    console.log(
      `FAIL Mantine CSS: the JavaScript uses ${missing.length} class(es) of @mantine/core no stylesheet has (${missing.slice(0, 5).join(', ')}…): import the component's file in web/src/app/mantine-styles.ts`,
    );
  else console.log('PASS Mantine CSS: every @mantine/core class the JavaScript uses is styled');
  process.exit(rows.every((r) => r.pass) && !missing.length ? 0 : 1);
}
