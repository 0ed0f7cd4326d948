import fs from 'node:fs';
import path from 'node:path';

/** `<repoRoot>/../shared`, or `$SHELFSCAN_SHARED_DIR` when set. repoRoot is five folders up from here. */
export const SHARED_DIR = process.env.SHELFSCAN_SHARED_DIR
  ? path.resolve(process.env.SHELFSCAN_SHARED_DIR)
  : path.resolve(__dirname, '../../../../..', '../shared');

export const AMAZON_PAGES_DIR = path.join(SHARED_DIR, 'fixtures', 'amazon-pages');

export function readAmazonPage(file: string): string {
  return fs.readFileSync(path.join(AMAZON_PAGES_DIR, file), 'utf8');
}

export function listAmazonPages(): string[] {
  return fs
    .readdirSync(AMAZON_PAGES_DIR)
    .filter((f) => f.endsWith('.html'))
    .sort();
}
