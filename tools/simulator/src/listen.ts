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
