import { busHandlers } from '@shelfscan/bus';
import { adminV1 } from '@shelfscan/contracts';
import { ChartsService } from './charts/charts.service.js';
import { CountersService } from './counters/counters.service.js';

/** The admin dashboard's figures on the bus: the counters and the charts, from the read models. */
export const DashboardHandlers = busHandlers({ counters: CountersService, charts: ChartsService }, (on) => [
  on.rpc(adminV1.AdminService, {
    getCounters: (req, { counters }) => counters.get(req),
    getCharts: (req, { charts }) => charts.get(req),
  }),
]);
