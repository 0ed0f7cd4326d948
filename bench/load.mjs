// A load generator in its own process (so that it does not share an event loop with the server it
// measures): `node bench/load.mjs URL CONNECTIONS SECONDS [AUTHORIZATION]` keeps CONNECTIONS
// keep-alive requests in flight for SECONDS and prints {requests, errors, rps, p50Ms, p99Ms} as JSON.
import http from 'node:http';
import { fileURLToPath } from 'node:url';

function load(url, { connections, seconds, authorization }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const headers = authorization ? { authorization } : {};
  const latencies = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const once = () =>
    new Promise((resolve) => {
      const started = performance.now();
      const req = http.get(url, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) latencies.push(performance.now() - started);
          else errors++;
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
    });
  const worker = async () => {
    while (performance.now() < until) await once();
  };
  const started = performance.now();
  return Promise.all(Array.from({ length: connections }, worker)).then(() => {
    const elapsed = (performance.now() - started) / 1000;
    agent.destroy();
    const sorted = latencies.sort((a, b) => a - b);
    const at = (q) =>
      Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 10) / 10;
    return {
      requests: sorted.length,
      errors,
      rps: Math.round(sorted.length / elapsed),
      p50Ms: at(0.5),
      p99Ms: at(0.99),
    };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [url, connections, seconds, authorization] = process.argv.slice(2);
  console.log(
    JSON.stringify(
      await load(url, { connections: Number(connections), seconds: Number(seconds), authorization }),
    ),
  );
}
