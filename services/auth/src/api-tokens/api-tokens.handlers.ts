import { busHandlers } from '@shelfscan/bus';
import { authV1 } from '@shelfscan/contracts';
import { ApiTokensService } from './api-tokens.service.js';

/** The auth service's bus API for personal API tokens: one line each. */
export const ApiTokensHandlers = busHandlers({ tokens: ApiTokensService }, (on) => [
  on.rpc(authV1.AuthService, {
    createApiToken: (req, { tokens }) => tokens.create(req),
    listApiTokens: (req, { tokens }) => tokens.list(req.email),
    revokeApiToken: (req, { tokens }) => tokens.revoke(req.email, req.id),
    checkApiToken: (req, { tokens }) => tokens.check(req.tokenHash),
  }),
]);
