import { startSimulator, type Simulator, type SimulatorOptions } from '@shelfscan/simulator';
import { MarketplaceClient } from '../src/fetch/marketplace-client.js';

export interface SimulatedMarket {
  sim: Simulator;
  /** The real polite client pointed at the simulator, without waits, jitter or retries. */
  client: MarketplaceClient;
  close(): Promise<void>;
}

/** The marketplace simulator on a free port and a client that fetches from it as fast as it can. */
export async function simulatedMarket(options: Omit<SimulatorOptions, 'port'>): Promise<SimulatedMarket> {
  const sim = await startSimulator({ port: 0, ...options });
  const client = new MarketplaceClient({
    originOverride: sim.url,
    requestsPerSecond: 10_000,
    jitterRatio: 0,
    maxAttempts: 1,
    pinDeliveryLocation: false,
  });
  return {
    sim,
    client,
    async close() {
      await client.close();
      await sim.close();
    },
  };
}
