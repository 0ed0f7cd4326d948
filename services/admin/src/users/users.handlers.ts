import { busHandlers } from '@shelfscan/bus';
import { adminV1 } from '@shelfscan/contracts';
import { UserDeletionService } from './user-deletion.service.js';
import { UsersService } from './users.service.js';

/** The admin's bus API for users: the list, one user and its activity, (de)activation, deletion. */
export const UsersHandlers = busHandlers({ users: UsersService, deletion: UserDeletionService }, (on) => [
  on.rpc(adminV1.AdminService, {
    listUsers: (req, { users }) => users.list(req),
    getUser: (req, { users }) => users.get(req),
    listUserActivity: (req, { users }) => users.activity(req),
    setUserActive: (req, { users }) => users.setActive(req),
    deleteUser: (req, { deletion }) => deletion.request(req),
  }),
]);
