/**
 * The request rules of scans, ASIN checks and estimates: the shared schemas of @shelfscan/validation
 * (the web's dialogs and the gateway apply the same ones, rows of libs/validation/test/verdict-table.ts
 * check all three), fed the contract's request in the API's field names. A store-link verdict carries
 * the reason `storeUrlInvalid`.
 */
import type { Violation } from '@shelfscan/bus';
import type { searchV1 } from '@shelfscan/contracts';
import {
  asinCheckRequest,
  asinList,
  batchScanRequest,
  fieldErrors,
  functionalScanRequest,
  scanEstimateRequest,
  scanRequest,
  trackerRequest,
} from '@shelfscan/validation';
import type { z } from 'zod';

export type RuleViolation = Violation & { reason?: string };

function violationsOf(schema: z.ZodType, payload: unknown): RuleViolation[] {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return [];
  return fieldErrors(parsed.error).map((v) =>
    v.msg.startsWith('storeUrl') ? { ...v, reason: 'storeUrlInvalid' } : v,
  );
}

/** Proto strings are '' when absent: the API's payload leaves such a field out. */
const given = (text: string) => (text === '' ? undefined : text);

/** A standard, deep or functional scan (`searchType` in any case). */
export function scanViolations(
  req: Pick<
    searchV1.CreateScanRequest,
    'searchType' | 'fileName' | 'storeUrl' | 'market' | 'keyword' | 'categories'
  > & {
    filters?: Omit<searchV1.FunctionalFilters, '$typeName'>;
  },
): RuleViolation[] {
  const type = req.searchType.toLowerCase();
  const store = {
    fileName: req.fileName,
    storeUrl: req.storeUrl,
    market: req.market,
    keyword: given(req.keyword),
    categories: req.categories,
  };
  if (type === 'functional') {
    const f = req.filters;
    return violationsOf(functionalScanRequest, {
      ...store,
      amazonChoice: f?.amazonChoice,
      bestSeller: f?.bestSeller,
      minStar: f?.minStar,
      maxStar: f?.maxStar,
      minPrice: f?.minPrice,
      maxPrice: f?.maxPrice,
    });
  }
  return violationsOf(scanRequest, { ...store, searchType: type });
}

/** An ASIN check: the shared request rules, then at most `listLimit` ASINs (`asinTooMany`). */
export function asinCheckViolations(
  req: Pick<searchV1.CreateAsinCheckRequest, 'fileName' | 'market' | 'asins'>,
  listLimit: number,
): RuleViolation[] {
  const violations = violationsOf(asinCheckRequest, {
    fileName: req.fileName,
    market: req.market,
    asins: req.asins,
  });
  const counted = asinList(listLimit).safeParse(req.asins);
  if (!counted.success && !violations.some((v) => v.field === 'asins'))
    violations.push({ field: 'asins', msg: counted.error.issues[0]?.message ?? 'asinInvalid' });
  return violations;
}

/** The wait before a store scan: the scan form's store fields. */
export function estimateViolations(
  req: Pick<searchV1.EstimateScanRequest, 'searchType' | 'storeUrl' | 'market' | 'keyword' | 'categories'>,
): RuleViolation[] {
  return violationsOf(scanEstimateRequest, {
    searchType: req.searchType,
    storeUrl: req.storeUrl,
    market: req.market,
    keyword: given(req.keyword),
    categories: req.categories,
  });
}

/** A tracker (create and the whole tracker on edit): the shared `trackerRequest` rules. */
export function trackerViolations(input: Omit<searchV1.TrackerInput, '$typeName'>): RuleViolation[] {
  const alerts =
    input.alertEmail === undefined && input.alertWebhook === undefined && input.alertTelegram === undefined
      ? undefined
      : { email: input.alertEmail, webhook: input.alertWebhook, telegram: input.alertTelegram };
  return violationsOf(trackerRequest, {
    storeUrl: input.storeUrl,
    market: input.market,
    keyword: input.keyword === undefined ? undefined : given(input.keyword),
    fileName: input.fileName,
    searchType: input.searchType,
    schedule: input.schedule,
    hour: input.hour,
    weekday: input.weekday,
    alerts,
  });
}

/** A batch: one market and type, 1–50 store links, each checked as a scan's (`storeUrls.<line>`). */
export function batchViolations(req: searchV1.CreateBatchRequest): RuleViolation[] {
  return violationsOf(batchScanRequest, {
    searchType: req.searchType.toLowerCase(),
    market: req.market,
    fileName: req.fileName,
    keyword: given(req.keyword),
    storeUrls: req.storeUrls,
  });
}
