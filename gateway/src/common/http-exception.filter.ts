import {
  ArgumentsHost,
  Catch,
  HttpException,
  HttpStatus,
  UnprocessableEntityException,
  type ExceptionFilter,
} from '@nestjs/common';
import { BusError, type BusErrorCode, type Violation } from '@shelfscan/bus';
import { isMessageKey, type MessageKey } from '@shelfscan/messages';
import { createLogger } from '@shelfscan/observability';
import type { FastifyReply } from 'fastify';
import type { ApiResponse } from './api-response.js';
import { t } from './i18n.js';

/**
 * The one table from bus error codes to HTTP statuses. Controllers never catch bus errors: they
 * reach this filter as thrown.
 */
const STATUS_BY_CODE: Record<BusErrorCode, number> = {
  INVALID_ARGUMENT: 422,
  ALREADY_EXISTS: 400,
  NOT_FOUND: 404,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  FAILED_PRECONDITION: 403,
  RESOURCE_EXHAUSTED: 429,
  UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
  INTERNAL: 500,
};

/** Reasons answered with another status than their code's: a wrong or stale code or key is a 400. */
const STATUS_BY_REASON: Record<string, number> = {
  activationCodeInvalid: 400,
  activationCodeExpired: 400,
  resetKeyInvalid: 400,
  // Billing (issue 10)
  paymentFailed: 402,
  threeDsRequired: 402,
  noCardFound: 404,
  planAlreadyActive: 409,
  paymentInProgress: 409,
  trialAlreadyUsed: 409,
  promotionNotFound: 422,
  promotionInactive: 422,
  promotionExpired: 422,
  promotionUsedUp: 422,
  promotionAlreadyUsed: 422,
  promotionMinimumBasket: 422,
  cardSaveFailed: 400,
  fxRateUnavailable: 503,
  // Admin (issue 11)
  cannotDeleteSelf: 409,
  cannotDeleteAdmin: 409,
  // Billing refunds (issue 10)
  refundNotPossible: 409,
  refundTooMuch: 422,
  refundRefused: 402,
  // API tokens (issue 19)
  apiTokenTooMany: 409,
  // Trackers (issue 18): a run of the store is already going
  trackerRunning: 409,
};

/**
 * Fastify's body parser failures (Nest hands them over as an HttpException caused by the
 * FastifyError) in the request language: a body that is not JSON is a 422 in the spec's shape; one
 * over the 2 MB limit is refused by the parser before it is read, as a 413.
 */
const PARSE_ERRORS: Record<string, { status: number; msg: MessageKey }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 422, msg: 'bodyInvalid' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 422, msg: 'bodyInvalid' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, msg: 'bodyInvalid' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, msg: 'bodyTooLarge' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, msg: 'mediaTypeInvalid' },
};

/** A 422 in the spec's shape, its messages in the request language (for checks the gateway makes itself). */
export function unprocessable(violations: readonly Violation[], code?: string): HttpException {
  return new UnprocessableEntityException(validationBody(violations, code));
}

/** One {field, msg} per violation, messages in the request language and joined by line breaks. */
function validationBody(violations: readonly Violation[], code?: string): ApiResponse {
  const errors = violations.map(({ field, msg }) => ({ field, msg: t(msg, { field }) }));
  return { success: false, message: errors.map((e) => e.msg).join('\n'), ...(code ? { code } : {}), errors };
}

const log = createLogger('gateway');

/** Turns every failure into the spec's shape; bus errors keep their message and reason. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const { status, body, retryAfter } = toResponse(exception);
    if (status >= 500) log.error({ err: exception }, 'request failed');
    if (retryAfter) void reply.header('Retry-After', String(retryAfter));
    void reply.status(status).send({ ...body, status });
  }
}

function toResponse(exception: unknown): { status: number; body: ApiResponse; retryAfter?: number } {
  if (exception instanceof BusError) {
    const status = STATUS_BY_REASON[exception.reason ?? ''] ?? STATUS_BY_CODE[exception.code] ?? 500;
    const body: ApiResponse = exception.violations.length
      ? validationBody(exception.violations, exception.reason)
      : { success: false, message: messageOf(exception), code: exception.reason };
    if (exception.options.retryAt) body.data = { retryAt: exception.options.retryAt };
    return { status, body, retryAfter: exception.options.retryAfterSeconds };
  }
  if (exception instanceof HttpException) {
    const parse = PARSE_ERRORS[String((exception.cause as { code?: unknown } | undefined)?.code)];
    if (parse?.status === 422)
      return { status: 422, body: validationBody([{ field: 'body', msg: parse.msg }]) };
    if (parse)
      return { status: parse.status, body: { success: false, message: t(parse.msg), code: parse.msg } };
    const status = exception.getStatus();
    const res = exception.getResponse();
    if (typeof res === 'object' && res !== null && 'success' in res)
      return { status, body: res as ApiResponse };
    const code = defaultCode(status);
    // Nest's own answers (a guard's 401, an unknown route's 404, the throttler's 429) are English
    // words of the status: the catalogue says them in the request language. A message the code gave
    // itself (Nest then adds the status words as `error`) is kept.
    const own = typeof res === 'object' && res !== null && 'error' in res;
    const message =
      code && !own
        ? t(code)
        : typeof res === 'string'
          ? res
          : String((res as { message?: unknown }).message ?? exception.message);
    return { status, body: { success: false, message, code } };
  }
  return {
    status: HttpStatus.INTERNAL_SERVER_ERROR,
    body: { success: false, message: t('systemError'), code: 'systemError' },
  };
}

/**
 * A bus error in the request language: by its reason when the catalogue has it, else by its message
 * (a catalogue key too); the error's `detail` (e.g. the bank's answer) fills a {{detail}}.
 */
function messageOf(e: BusError): string {
  const params = { detail: e.options.detail ?? '' };
  return isMessageKey(e.reason) ? t(e.reason, params) : t(e.message, params);
}

function defaultCode(status: number): MessageKey | undefined {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'notFound';
  if (status === 429) return 'tooManyRequests';
  return undefined;
}
