import fs from 'node:fs';
import path from 'node:path';
import { marketSuffix, SOLD_MARKETS } from '@shelfscan/markets';
import { categories } from './catalog.js';

describe('categories of the scan forms', () => {
  it.each(SOLD_MARKETS.map((m) => [m.code, m] as const))(
    '%s: real top-level departments (numeric node ids, none twice), then "All Categories"',
    (_code, market) => {
      const list = categories(market);
      const departments = list.slice(0, -1);
      expect(departments.length).toBeGreaterThan(0);
      for (const c of departments) expect(c).toMatchObject({ level: 1, suffix: marketSuffix(market) });
      expect(departments.every((c) => /^\d{6,12}$/.test(c.nodeId))).toBe(true);
      expect(new Set(departments.map((c) => c.nodeId)).size).toBe(departments.length);
      expect(new Set(departments.map((c) => c.label)).size).toBe(departments.length);
      expect(list.at(-1)).toEqual({
        label: 'All Categories',
        level: 1,
        suffix: marketSuffix(market),
        nodeId: '1',
      });
    },
  );

  it("lists every department of the saved amazon.ca pages' navigation bar, under its id", () => {
    const dir = path.join(sharedDir(), 'fixtures', 'amazon-pages');
    const ca = categories(SOLD_MARKETS.find((m) => m.code === 'CA')!);
    // Links of the nav bar that are not departments (stores, services, digital).
    const notDepartments = /Showcase|Gift Cards|Sell|Custom|Audible|Registry|Kindle/;
    let checked = 0;
    for (const file of ['ca_search_1.html', 'ca_search_2.html', 'ca_search_4.html']) {
      const html = fs.readFileSync(path.join(dir, file), 'utf8');
      for (const m of html.matchAll(/<a href="[^"]*node=(\d+)(?:&amp;|&)ref_=nav_cs_[^"]*"[^>]*>([^<]+)</g)) {
        const label = m[2]!.replace(/&amp;/g, '&').trim();
        if (notDepartments.test(label)) continue;
        expect(ca).toContainEqual(expect.objectContaining({ label, nodeId: m[1] }));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(30);
  });
});

// The shared folder's one rule (scripts/shared-dir.cjs, as jest's global setup uses it).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { sharedDir } = require('../../../../scripts/shared-dir.cjs') as { sharedDir: () => string };
