import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { BusContext, EventHandler, RpcHandler } from '@shelfscan/bus';
import { scraperEventsV1, scraperV1 } from '@shelfscan/contracts';
import { ScansService } from './scans.service.js';

const { ScraperService } = scraperV1;

/**
 * The scraper's bus API. Consumes: ScanRequested. Answers: CancelScan, GetScan, ListScanAsins,
 * ListAsinCheckItems, EstimateScan.
 * Produces (through the outbox): ScanStarted, ScanProgressed, ScanCompleted, ScanFailed, ScanCancelled.
 */
@Controller()
export class ScraperHandlers {
  constructor(@Inject(ScansService) private readonly scans: ScansService) {}

  @EventHandler(scraperEventsV1.ScanRequestedSchema)
  // EventPattern types the handler as (data: {}, ...args: unknown[]): the transport has decoded a
  // ScanRequested and passes a BusContext.
  scanRequested(@Payload() evt: object, @Ctx() ctx: unknown) {
    return this.scans.requested(evt as scraperEventsV1.ScanRequested, ctx as BusContext);
  }

  @RpcHandler(ScraperService.method.cancelScan)
  cancelScan(@Payload() req: scraperV1.CancelScanRequest) {
    return this.scans.cancel(req);
  }

  @RpcHandler(ScraperService.method.getScan)
  getScan(@Payload() req: scraperV1.GetScanRequest) {
    return this.scans.get(req);
  }

  @RpcHandler(ScraperService.method.listScanAsins)
  listScanAsins(@Payload() req: scraperV1.ListScanAsinsRequest) {
    return this.scans.listAsins(req);
  }

  @RpcHandler(ScraperService.method.listAsinCheckItems)
  listAsinCheckItems(@Payload() req: scraperV1.ListAsinCheckItemsRequest) {
    return this.scans.listAsinCheckItems(req);
  }

  @RpcHandler(ScraperService.method.estimateScan)
  estimateScan(@Payload() req: scraperV1.EstimateScanRequest) {
    return this.scans.estimate(req);
  }
}
