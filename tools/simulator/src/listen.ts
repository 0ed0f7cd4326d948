import type http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A server listening, as the simulator's doubles hand it out. */
export interface Listening {
  address: string;
  port: number;
  /** Closes the server, ending the connections still open (keep-alive clients). */
  close(): Promise<void>;
}

/** Listens on `host:port` (port 0: any free one); a failure to listen rejects. */
export async function listen(server: http.Server, port = 0, host = '127.0.0.1'): Promise<Listening> {
  // An idle keep-alive connection stays open a minute (Node's default: 5 s). A client reuses a socket
  // until a second or two before the server's advertised timeout, so with 5 s a test process starved
  // of CPU for that long sent a request on a socket the double had just closed: ECONNRESET (seen in a
  // fresh-clone run at load average 10). close() still ends every connection at once.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const { address, port: bound } = server.address() as AddressInfo;
  return {
    address,
    port: bound,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
