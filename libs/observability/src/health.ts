import http from 'node:http';
import { metricsRegistry } from './metrics.js';

export type ReadinessCheck = () => Promise<void>;

/**
 * Readiness checks of everything running in this process (a database ping per service, the bus).
 * `/readyz` answers 200 only when every check passes.
 */
export class HealthRegistry {
  private readonly checks = new Map<string, ReadinessCheck>();

  register(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  unregister(name: string): void {
    this.checks.delete(name);
  }

  /** Not ready until `started()`: a process still starting has no other check registered yet. */
  starting(): void {
    this.register('started', async () => {
      throw new Error('starting');
    });
  }

  started(): void {
    this.unregister('started');
  }

  async readiness(timeoutMs = 2000): Promise<{ ready: boolean; checks: Record<string, string> }> {
    const entries = await Promise.all(
      [...this.checks].map(async ([name, check]) => {
        try {
          await Promise.race([
            check(),
            new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), timeoutMs).unref()),
          ]);
          return [name, 'ok'] as const;
        } catch (err) {
          return [name, err instanceof Error ? err.message : String(err)] as const;
        }
      }),
    );
    return { ready: entries.every(([, s]) => s === 'ok'), checks: Object.fromEntries(entries) };
  }
}

export const health = new HealthRegistry();

/** `/healthz`, `/readyz` and `/metrics` over plain HTTP, for a service in cluster mode. */
export function startHealthServer(port: number, registry: HealthRegistry = health): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    void (async () => {
      if (req.url === '/healthz') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      } else if (req.url === '/readyz') {
        const r = await registry.readiness();
        res.writeHead(r.ready ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify(r));
      } else if (req.url === '/metrics') {
        res
          .writeHead(200, { 'content-type': metricsRegistry.contentType })
          .end(await metricsRegistry.metrics());
      } else {
        res.writeHead(404).end();
      }
    })();
  });
  return new Promise((resolve) => server.listen(port, () => resolve(server)));
}
