import { busHandlers } from '@shelfscan/bus';
import { adminV1 } from '@shelfscan/contracts';
import { ParametersService } from './parameters.service.js';

/** System parameters on the bus: the start-up fetch of every service, the admin's edit and audit. */
export const ParametersHandlers = busHandlers({ parameters: ParametersService }, (on) => [
  on.rpc(adminV1.AdminService, {
    getSystemParameters: (_, { parameters }) => ({ parameters: parameters.list() }),
    updateSystemParameters: async (req, { parameters }) => ({ parameters: await parameters.update(req) }),
    listSystemParameterChanges: (req, { parameters }) => parameters.changes(req),
  }),
]);
