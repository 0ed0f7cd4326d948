// Imported first by a spec (as services/billing/test/capture-logs.ts): every line the process's
// logger writes, at trace level, is kept in memory instead of printed, so a test can search the logs
// of a full run.
process.env.LOG_LEVEL = 'trace';
import { rootLogger } from '@shelfscan/observability';

export const capturedLogs: string[] = [];

const logger = rootLogger('trace');
const streamSym = Object.getOwnPropertySymbols(logger).find((s) => s.toString() === 'Symbol(pino.stream)');
if (!streamSym) throw new Error('pino stream not found');
const stream = (logger as unknown as Record<symbol, { write(line: string): boolean }>)[streamSym];
stream.write = (line: string) => {
  capturedLogs.push(line);
  return true;
};
