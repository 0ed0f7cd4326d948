import { busHandlers } from '@shelfscan/bus';
import { scraperEventsV1, scraperV1 } from '@shelfscan/contracts';
import { ScansService } from './scans.service.js';

/**
 * The scraper's bus API. Consumes: ScanRequested. Answers: CancelScan, GetScan, ListScanAsins,
 * ListScanItems, ListAsinCheckItems, EstimateScan, CountScanAsins.
 * Produces (through the outbox): ScanStarted, ScanProgressed, ScanCompleted, ScanFailed, ScanCancelled.
 */
export const ScraperHandlers = busHandlers({ scans: ScansService }, (on) => [
  on.event(scraperEventsV1.ScanRequestedSchema, (evt, { scans }, ctx) => scans.requested(evt, ctx)),
  on.rpc(scraperV1.ScraperService, {
    cancelScan: (req, { scans }) => scans.cancel(req),
    getScan: (req, { scans }) => scans.get(req),
    listScanAsins: (req, { scans }) => scans.listAsins(req),
    listScanItems: (req, { scans }) => scans.listItems(req),
    listAsinCheckItems: (req, { scans }) => scans.listAsinCheckItems(req),
    estimateScan: (req, { scans }) => scans.estimate(req),
    countScanAsins: (req, { scans }) => scans.countAsins(req),
  }),
]);
