import type { PageKind } from '../parser/types.js';

/** The kinds of page that mean the marketplace is blocking the scan (see parser/classify.ts). */
export type ScanBlockKind = Exclude<PageKind, 'results' | 'no-results'> | 'http-error';

const DESCRIBE: Record<ScanBlockKind, string> = {
  captcha: 'is asking for a captcha',
  'blocked-503': 'answers "service unavailable" (503)',
  'soft-404': 'answered with a "page not found" page instead of the store',
  'empty-block': 'served a results page without any result (a silent block)',
  'http-error': 'answered with an HTTP error',
};

/**
 * A page the engine fetched is a block page (captcha, WAF challenge, 503, soft 404, empty results
 * without a "no results" message). The scan stops here; the job runner decides about retrying and
 * resumes from the last checkpoint. `message` is readable by a user.
 */
export class ScanBlockedError extends Error {
  override readonly name = 'ScanBlockedError';

  constructor(
    readonly domain: string,
    readonly kind: ScanBlockKind,
    readonly url: string,
    readonly status: number,
  ) {
    super(
      `${domain} ${DESCRIBE[kind]}${kind === 'http-error' ? ` (${status})` : ''}; please try again later.`,
    );
  }
}

/** A checkpoint that does not belong to this scan (other version, type, seller or market). */
export class ScanCheckpointError extends Error {
  override readonly name = 'ScanCheckpointError';
}
