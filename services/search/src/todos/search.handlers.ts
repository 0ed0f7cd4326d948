import { Controller, Inject } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { BusError, EventHandler, RpcHandler, type BusContext } from '@shelfscan/bus';
import { scraperEventsV1, searchV1 } from '@shelfscan/contracts';
import { marketplaceList } from '@shelfscan/markets';
import { categories, soldMarket } from '../catalog/catalog.js';
import { ScanEventsService } from './scan-events.service.js';
import { TodosService } from './todos.service.js';

const { SearchService } = searchV1;

/**
 * The search service's bus API. Answers every SearchService RPC. Consumes ScanStarted,
 * ScanProgressed, ScanCompleted, ScanFailed, ScanCancelled. Produces ScanRequested (outbox).
 */
@Controller()
export class SearchHandlers {
  constructor(
    @Inject(TodosService) private readonly todos: TodosService,
    @Inject(ScanEventsService) private readonly events: ScanEventsService,
  ) {}

  @RpcHandler(SearchService.method.listTodos)
  listTodos(@Payload() req: searchV1.ListTodosRequest) {
    return this.todos.list(req);
  }

  @RpcHandler(SearchService.method.getTodo)
  getTodo(@Payload() req: searchV1.GetTodoRequest) {
    return this.todos.get(req);
  }

  @RpcHandler(SearchService.method.createScan)
  createScan(@Payload() req: searchV1.CreateScanRequest) {
    return this.todos.create(req);
  }

  @RpcHandler(SearchService.method.rerunScan)
  rerunScan(@Payload() req: searchV1.RerunScanRequest) {
    return this.todos.rerun(req);
  }

  @RpcHandler(SearchService.method.moveTodos)
  moveTodos(@Payload() req: searchV1.MoveTodosRequest) {
    return this.todos.move(req);
  }

  @RpcHandler(SearchService.method.deleteTodo)
  deleteTodo(@Payload() req: searchV1.DeleteTodoRequest) {
    return this.todos.delete(req);
  }

  @RpcHandler(SearchService.method.downloadPage)
  downloadPage(@Payload() req: searchV1.DownloadPageRequest) {
    return this.todos.downloadPage(req);
  }

  @RpcHandler(SearchService.method.getQuota)
  getQuota(@Payload() req: searchV1.GetQuotaRequest) {
    return this.todos.quotaOf(req);
  }

  @RpcHandler(SearchService.method.changeStatus)
  changeStatus(@Payload() req: searchV1.ChangeStatusRequest) {
    return this.todos.changeStatus(req);
  }

  @RpcHandler(SearchService.method.createAsinCheck)
  createAsinCheck(@Payload() req: searchV1.CreateAsinCheckRequest) {
    return this.todos.createAsinCheck(req);
  }

  @RpcHandler(SearchService.method.listAsinCheck)
  listAsinCheck(@Payload() req: searchV1.ListAsinCheckRequest) {
    return this.todos.listAsinCheck(req);
  }

  @RpcHandler(SearchService.method.estimateScan)
  estimateScan(@Payload() req: searchV1.EstimateScanRequest) {
    return this.todos.estimate(req);
  }

  @RpcHandler(SearchService.method.listMarketplaces)
  listMarketplaces() {
    return { marketplaces: marketplaceList() };
  }

  @RpcHandler(SearchService.method.listCategories)
  listCategories(@Payload() req: searchV1.ListCategoriesRequest) {
    const market = soldMarket(req.market);
    if (!market)
      throw new BusError('INVALID_ARGUMENT', 'marketInvalid', {
        reason: 'marketInvalid',
        violations: [{ field: 'market', msg: 'marketInvalid' }],
      });
    return { categories: categories(market) };
  }

  // EventPattern types a handler as (data: {}, ...args: unknown[]): the transport has decoded the
  // event and passes a BusContext.
  @EventHandler(scraperEventsV1.ScanStartedSchema)
  scanStarted(@Payload() evt: object, @Ctx() ctx: unknown) {
    return this.events.started(evt as scraperEventsV1.ScanStarted, ctx as BusContext);
  }

  @EventHandler(scraperEventsV1.ScanProgressedSchema)
  scanProgressed(@Payload() evt: object, @Ctx() ctx: unknown) {
    return this.events.progressed(evt as scraperEventsV1.ScanProgressed, ctx as BusContext);
  }

  @EventHandler(scraperEventsV1.ScanCompletedSchema)
  scanCompleted(@Payload() evt: object, @Ctx() ctx: unknown) {
    return this.events.completed(evt as scraperEventsV1.ScanCompleted, ctx as BusContext);
  }

  @EventHandler(scraperEventsV1.ScanFailedSchema)
  scanFailed(@Payload() evt: object, @Ctx() ctx: unknown) {
    return this.events.failed(evt as scraperEventsV1.ScanFailed, ctx as BusContext);
  }

  @EventHandler(scraperEventsV1.ScanCancelledSchema)
  scanCancelled(@Payload() evt: object, @Ctx() ctx: unknown) {
    return this.events.cancelled(evt as scraperEventsV1.ScanCancelled, ctx as BusContext);
  }
}
