import { UnprocessableEntityException } from '@nestjs/common';
import {
  SCAN_VERDICTS,
  TRACKER_VERDICTS,
  VALID_SCANS,
  VALID_TRACKER,
} from '../../../libs/validation/test/verdict-table';
import type { ApiResponse } from '../common/api-response.js';
import { runWithLang, t } from '../common/i18n.js';
import { createValidationPipe } from '../common/validation.js';
import { AsinCheckDto, CreateScanDto, FunctionalScanDto, TrackerDto } from './search.dto.js';

const pipe = createValidationPipe();

const DTO = { scan: CreateScanDto, functionalScan: FunctionalScanDto, asinCheck: AsinCheckDto };

/** A body through the gateway's validation pipe: the 422's errors (none when accepted). */
function errorsOf(metatype: (typeof DTO)[keyof typeof DTO] | typeof TrackerDto, body: unknown) {
  return runWithLang('en', () => {
    try {
      pipe.transform(body, { type: 'body', metatype });
      return [];
    } catch (error) {
      if (!(error instanceof UnprocessableEntityException)) throw error;
      return (error.getResponse() as ApiResponse).errors ?? [];
    }
  });
}

describe('POST /api/search-info[/functional-search|/asin-check]: the verdicts of the web dialogs and the search service', () => {
  it.each(SCAN_VERDICTS.map((r) => [`${r.form}: ${r.case}`, r] as const))('%s', (_name, row) => {
    const errors = errorsOf(DTO[row.form], { ...VALID_SCANS[row.form], ...row.change });
    expect(errors).toEqual(
      row.verdict === null ? [] : [{ field: row.field, msg: runWithLang('en', () => t(row.verdict!)) }],
    );
  });

  it('answers a store-link verdict as the 422 list on its field, without a top-level code (gateway/README.md)', () => {
    const body = runWithLang('en', () => {
      try {
        pipe.transform(
          { ...VALID_SCANS.scan, storeUrl: 'https://www.ebay.com/str/shop' },
          { type: 'body', metatype: CreateScanDto },
        );
      } catch (error) {
        return (error as UnprocessableEntityException).getResponse() as ApiResponse;
      }
      return undefined;
    });
    expect(body).toEqual({
      success: false,
      message: 'This is not an Amazon link.',
      errors: [{ field: 'storeUrl', msg: 'This is not an Amazon link.' }],
    });
  });

  it.each([
    [[{ toString: 'x', valueOf: 1 }]],
    [[['B000000001'], null]],
    [Object.assign(Object.create(null) as object, { length: 1 })],
  ])('answers ASINs that are not texts (%j) with the 422 list, not a 500', (asins) => {
    expect(errorsOf(AsinCheckDto, { ...VALID_SCANS.asinCheck, asins })).toEqual([
      { field: 'asins', msg: expect.any(String) },
    ]);
  });

  it('refuses a field the payload does not have', () => {
    expect(errorsOf(CreateScanDto, { ...VALID_SCANS.scan, amazonsChoice: true })).toEqual([
      { field: 'amazonsChoice', msg: expect.any(String) },
    ]);
  });
});

describe('POST|PUT /api/trackers: the verdicts of the shared tracker table', () => {
  it.each(TRACKER_VERDICTS.map((r) => [r.case, r] as const))('%s', (_name, row) => {
    const body = Object.fromEntries(
      Object.entries({ ...VALID_TRACKER, ...row.change }).filter(([, v]) => v !== undefined),
    );
    expect(errorsOf(TrackerDto, body)).toEqual(
      row.verdict === null ? [] : [{ field: row.field, msg: runWithLang('en', () => t(row.verdict!)) }],
    );
  });

  it('refuses a field a tracker does not have', () => {
    expect(errorsOf(TrackerDto, { ...VALID_TRACKER, categories: ['1'] })).toEqual([
      { field: 'categories', msg: expect.any(String) },
    ]);
  });
});
