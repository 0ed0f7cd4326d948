import { spawn, type ChildProcess } from 'node:child_process';

/** A running librdkafka mock cluster (Kafka protocol on real TCP ports), for tests. */
export interface KafkaMockCluster {
  brokers: string[];
  stop(): Promise<void>;
}

/**
 * Starts librdkafka's mock cluster through kcat (`kcat -X test.mock.num.brokers=3 -C ...`), which
 * prints `bootstrap.servers=127.0.0.1:PORT,...` on stderr and serves until it is killed. Topics are
 * auto-created (4 partitions); admin topic creation and the idempotent producer do not work there.
 */
export async function startKafkaMockCluster(
  opts: { brokers?: number; startTimeoutMs?: number } = {},
): Promise<KafkaMockCluster> {
  const timeoutMs = opts.startTimeoutMs ?? 10_000;
  const child: ChildProcess = spawn(
    'kcat',
    [
      '-X',
      `test.mock.num.brokers=${opts.brokers ?? 3}`,
      '-X',
      'debug=mock',
      '-b',
      'localhost:1',
      '-C',
      '-t',
      'boot',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 2_000).unref();
    });
  const brokers = await new Promise<string[]>((resolve, reject) => {
    let stderr = '';
    const timer = setTimeout(() => {
      reject(
        new Error(`kcat printed no bootstrap.servers line within ${timeoutMs} ms:\n${stderr.slice(-2000)}`),
      );
    }, timeoutMs);
    child.once('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        err.code === 'ENOENT'
          ? new Error('kcat is not installed; the Kafka transport tests need it: apt-get install kcat')
          : err,
      );
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(
        new Error(`kcat exited (${code ?? signal}) before the mock cluster started:\n${stderr.slice(-2000)}`),
      );
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /bootstrap\.servers=(\S+)/.exec(stderr);
      if (match) {
        clearTimeout(timer);
        // keep draining stderr (debug=mock is chatty) so kcat never blocks on a full pipe
        child.stderr!.removeAllListeners('data');
        child.stderr!.resume();
        resolve(match[1].split(','));
      }
    });
  }).catch(async (err) => {
    await stop();
    throw err;
  });
  child.removeAllListeners('exit');
  return { brokers, stop };
}
