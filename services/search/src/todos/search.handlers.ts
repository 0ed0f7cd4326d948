import { BusError, busHandlers } from '@shelfscan/bus';
import { scraperEventsV1, searchV1 } from '@shelfscan/contracts';
import { marketplaceList } from '@shelfscan/markets';
import { categories, soldMarket } from '../catalog/catalog.js';
import { TrackersService } from '../tracking/trackers.service.js';
import { ScanEventsService } from './scan-events.service.js';
import { TodosService } from './todos.service.js';

const {
  ScanStartedSchema,
  ScanProgressedSchema,
  ScanCompletedSchema,
  ScanFailedSchema,
  ScanCancelledSchema,
} = scraperEventsV1;

/**
 * The search service's bus API. Answers every SearchService RPC. Consumes ScanStarted,
 * ScanProgressed, ScanCompleted, ScanFailed, ScanCancelled. Produces ScanRequested (outbox).
 */
export const SearchHandlers = busHandlers(
  { todos: TodosService, events: ScanEventsService, trackers: TrackersService },
  (on) => [
    on.rpc(searchV1.SearchService, {
      listTodos: (req, { todos }) => todos.list(req),
      getTodo: (req, { todos }) => todos.get(req),
      createScan: (req, { todos }) => todos.create(req),
      rerunScan: (req, { todos }) => todos.rerun(req),
      moveTodos: (req, { todos }) => todos.move(req),
      deleteTodo: (req, { todos }) => todos.delete(req),
      downloadPage: (req, { todos }) => todos.downloadPage(req),
      downloadItems: (req, { todos }) => todos.downloadItems(req),
      createBatch: (req, { todos }) => todos.createBatch(req),
      getBatch: (req, { todos }) => todos.getBatch(req),
      listBatches: (req, { todos }) => todos.listBatches(req),
      countBatchAsins: (req, { todos }) => todos.countBatchAsins(req),
      getQuota: (req, { todos }) => todos.quotaOf(req),
      changeStatus: (req, { todos }) => todos.changeStatus(req),
      createAsinCheck: (req, { todos }) => todos.createAsinCheck(req),
      listAsinCheck: (req, { todos }) => todos.listAsinCheck(req),
      estimateScan: (req, { todos }) => todos.estimate(req),
      listMarketplaces: () => ({ marketplaces: marketplaceList() }),
      listCategories: (req) => {
        const market = soldMarket(req.market);
        if (!market)
          throw new BusError('INVALID_ARGUMENT', 'marketInvalid', {
            reason: 'marketInvalid',
            violations: [{ field: 'market', msg: 'marketInvalid' }],
          });
        return { categories: categories(market) };
      },
      createTracker: (req, { trackers }) => trackers.create(req),
      updateTracker: (req, { trackers }) => trackers.update(req),
      listTrackers: (req, { trackers }) => trackers.list(req),
      getTracker: (req, { trackers }) => trackers.get(req),
      deleteTracker: (req, { trackers }) => trackers.delete(req),
      runTracker: (req, { trackers }) => trackers.runNow(req),
      pauseTracker: (req, { trackers }) => trackers.pause(req),
      listTrackerRuns: (req, { trackers }) => trackers.runs(req),
      getTrackerRun: (req, { trackers }) => trackers.run(req),
      listTrackerAsins: (req, { trackers }) => trackers.asins(req),
    }),
    on.event(ScanStartedSchema, (evt, { events }, ctx) => events.started(evt, ctx)),
    on.event(ScanProgressedSchema, (evt, { events }, ctx) => events.progressed(evt, ctx)),
    on.event(ScanCompletedSchema, (evt, { events }, ctx) => events.completed(evt, ctx)),
    on.event(ScanFailedSchema, (evt, { events }, ctx) => events.failed(evt, ctx)),
    on.event(ScanCancelledSchema, (evt, { events }, ctx) => events.cancelled(evt, ctx)),
  ],
);
