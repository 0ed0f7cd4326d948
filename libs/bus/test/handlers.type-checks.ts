import { authEventsV1, authV1 } from '@shelfscan/contracts';
import { busHandlers } from '../src/index.js';

/**
 * What the type check of a table refuses: each marked line must fail to compile, or the
 * `@ts-expect-error` above it is itself an error (handlers.spec.ts compiles this file; never run).
 */
class Accounts {
  activated(email: string): boolean {
    return !!email;
  }
}

export const refused = () =>
  busHandlers({ accounts: Accounts }, (on) => [
    on.rpc(authV1.AuthService, {
      // @ts-expect-error the reply of CheckActivation has `activated`, not `active`
      checkActivation: () => ({ active: true }),
      // @ts-expect-error GetTokenState's reply has fields: its handler must answer them
      getTokenState: () => undefined,
      // @ts-expect-error the request of LookupUser has no `emial`
      lookupUser: (req) => ({ membershipActive: !!req.emial }),
      // @ts-expect-error a Promise of the wrong reply
      authenticate: async (req, { accounts }) => ({ activated: accounts.activated(req.email) }),
    }),
    // @ts-expect-error AuthService has no method `nope`
    on.rpc(authV1.AuthService, { nope: () => ({}) }),
    on.event(authEventsV1.UserRegisteredSchema, (evt, { accounts }) => {
      // @ts-expect-error the providers are the injected ones, typed
      accounts.nope(evt.email);
    }),
  ]);
