import type { LoggerService } from '@nestjs/common';
import pino, { type Logger, type LevelWithSilent } from 'pino';
import { currentRequestId } from './request-context.js';

let root: Logger | undefined;

/** The process's root JSON logger; every line carries the current request id when there is one. */
export function rootLogger(
  level: LevelWithSilent = (process.env.LOG_LEVEL as LevelWithSilent) || 'info',
): Logger {
  root ??= pino({
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin() {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
    redact: {
      paths: ['password', '*.password', 'req.headers.authorization', 'token', '*.token'],
      censor: '***',
    },
  });
  return root;
}

/** A child logger for one component (`service: 'auth'`). */
export function createLogger(service: string, bindings: Record<string, unknown> = {}): Logger {
  return rootLogger().child({ service, ...bindings });
}

/** Nest's LoggerService on top of pino, so Nest's own messages are JSON lines too. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...optional: unknown[]) {
    this.write('info', message, optional);
  }
  error(message: unknown, ...optional: unknown[]) {
    this.write('error', message, optional);
  }
  warn(message: unknown, ...optional: unknown[]) {
    this.write('warn', message, optional);
  }
  debug(message: unknown, ...optional: unknown[]) {
    this.write('debug', message, optional);
  }
  verbose(message: unknown, ...optional: unknown[]) {
    this.write('trace', message, optional);
  }
  fatal(message: unknown, ...optional: unknown[]) {
    this.write('fatal', message, optional);
  }

  private write(
    level: 'info' | 'error' | 'warn' | 'debug' | 'trace' | 'fatal',
    message: unknown,
    optional: unknown[],
  ) {
    // Nest passes the context (class name) last; errors pass a stack before it.
    const context = typeof optional.at(-1) === 'string' ? (optional.at(-1) as string) : undefined;
    const stack = optional.length > 1 && typeof optional[0] === 'string' ? optional[0] : undefined;
    if (message instanceof Error) {
      this.logger[level]({ context, err: message }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      this.logger[level]({ context, ...message });
    } else {
      this.logger[level]({ context, ...(stack ? { stack } : {}) }, String(message));
    }
  }
}
