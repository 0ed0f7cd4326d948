/**
 * Personal API tokens (issue 19): the scopes a token may hold, and the rules of
 * `POST /api/account/tokens` (the gateway, the auth service) and of the account page's form. The one
 * module of the scope names: the gateway's `@ApiScope` takes them, the OpenAPI document and the web
 * list them from here.
 */
import { z } from 'zod';
import type { ValidationMessage } from './messages.js';

const e = (error: ValidationMessage) => ({ error });

/** What a token may do; a route declares the one scope it needs (`@ApiScope`), other routes refuse tokens. */
export const API_TOKEN_SCOPES = [
  'scans:read',
  'scans:write',
  'trackers:read',
  'trackers:write',
  'webhooks:write',
] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** Every token starts with it (so a leaked one is recognisable, and the gateway tells it from a JWT). */
export const API_TOKEN_PREFIX = 'ss_';
/** The longest name of a token. */
export const API_TOKEN_NAME_MAX = 60;
/** At most this many tokens per account (revoked ones do not count: they are deleted). */
export const API_TOKENS_PER_USER = 20;

const name = z.string('required').trim().min(1, e('required')).max(API_TOKEN_NAME_MAX, e('tooLong'));
const scopes = z
  .array(z.enum(API_TOKEN_SCOPES, e('apiTokenScopeInvalid')), e('apiTokenScopesRequired'))
  .min(1, e('apiTokenScopesRequired'))
  .max(API_TOKEN_SCOPES.length, e('apiTokenScopeInvalid'))
  .transform((list) => API_TOKEN_SCOPES.filter((s) => list.includes(s)));

/**
 * `POST /api/account/tokens {name, scopes, expiresAt?}` on a moment (`now`): `expiresAt` is an ISO
 * 8601 date-time with an offset (`2027-01-31T21:00:00Z`), later than now; none: the token does not expire.
 */
export const apiTokenRequest = (now: Date) =>
  z.strictObject({
    name,
    scopes,
    expiresAt: z
      .string('apiTokenExpiryInvalid')
      .max(40, e('apiTokenExpiryInvalid'))
      .pipe(z.iso.datetime({ offset: true, ...e('apiTokenExpiryInvalid') }))
      .refine((v) => Date.parse(v) > now.getTime(), e('apiTokenExpiryPast'))
      .nullish(),
  });
export type ApiTokenRequest = z.output<ReturnType<typeof apiTokenRequest>>;

/** The days a token of the account page's form lives (0: it does not expire). */
export const API_TOKEN_LIFETIMES = [30, 90, 365, 0] as const;

/** The account page's form: the request's name and scopes rules, a lifetime picked from a list. */
export const apiTokenForm = z.object({
  name,
  scopes,
  lifetimeDays: z.string(),
});
