import { ArgumentsHost, Catch, HttpException, HttpStatus, type ExceptionFilter } from '@nestjs/common';
import { BusError, type BusErrorCode } from '@shelfscan/bus';
import { createLogger } from '@shelfscan/observability';
import type { FastifyReply } from 'fastify';
import type { ApiResponse } from './api-response.js';

const STATUS: Record<BusErrorCode, number> = {
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
    const status = STATUS[exception.code] ?? 500;
    const errors = exception.violations.length ? exception.violations : undefined;
    return {
      status,
      body: { success: false, message: exception.message, code: exception.reason, errors },
      retryAfter: exception.options.retryAfterSeconds,
    };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const res = exception.getResponse();
    if (typeof res === 'object' && res !== null && 'success' in res)
      return { status, body: res as ApiResponse };
    const message =
      typeof res === 'string' ? res : String((res as { message?: unknown }).message ?? exception.message);
    return { status, body: { success: false, message, code: defaultCode(status) } };
  }
  return {
    status: HttpStatus.INTERNAL_SERVER_ERROR,
    body: { success: false, message: 'system error occurred', code: 'systemError' },
  };
}

function defaultCode(status: number): string | undefined {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'notFound';
  if (status === 429) return 'tooManyRequests';
  return undefined;
}
