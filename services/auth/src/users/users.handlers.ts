import { busHandlers } from '@shelfscan/bus';
import { authV1 } from '@shelfscan/contracts';
import { TokenService } from '../tokens/token.service.js';
import { UsersService } from './users.service.js';

/** The auth service's bus API for registration, activation and login: one line per handler. */
export const UsersHandlers = busHandlers({ users: UsersService, tokens: TokenService }, (on) => [
  on.rpc(authV1.AuthService, {
    register: (req, { users }) => users.register(req),
    activate: (req, { users }) => users.activate(req.email, req.code),
    resendActivation: (req, { users }) => users.resendActivation(req.email),
    authenticate: (req, { users }) => users.authenticate(req),
    checkActivation: async (req, { users }) => ({ activated: await users.isActivated(req.email) }),
    getTokenState: (req, { users }) => users.tokenState(req.email),
    getAccount: async (req, { users }) => ({ account: await users.account(req.email) }),
    setMembershipActive: (req, { users }) => users.setMembershipActive(req),
    lookupUser: (req, { users }) => users.lookup(req),
    getSigningKeys: (_, { tokens }) => ({ publicKeysPem: tokens.publicKeys() }),
  }),
]);
