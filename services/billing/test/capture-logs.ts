// Imported first by a spec: every line the process's logger writes is also kept in memory, at
// trace level, so a test can search the logs of a full run.
process.env.LOG_LEVEL = 'trace';
import { rootLogger } from '@shelfscan/observability';

export const capturedLogs: string[] = [];

const logger = rootLogger('trace');
const streamSym = Object.getOwnPropertySymbols(logger).find((s) => s.toString() === 'Symbol(pino.stream)');
if (!streamSym) throw new Error('pino stream not found');
const stream = (logger as unknown as Record<symbol, { write(line: string): boolean }>)[streamSym];
const write = stream.write.bind(stream);
stream.write = (line: string) => {
  capturedLogs.push(line);
  return write(line);
};
