import type { DynamicModule, INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestPinoLogger, createLogger } from '@shelfscan/observability';
import { BusExceptionFilter } from './exception-filter.js';
import type { BusTransports } from './transport-factory.js';

/**
 * Starts one service's handlers on the bus: a Nest microservice on the configured transport,
 * logging JSON, with domain errors passed back to callers as they were thrown.
 */
export async function startBusService(
  name: string,
  module: DynamicModule,
  transports: BusTransports,
): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice(module, {
    strategy: transports.server(name),
    logger: new NestPinoLogger(createLogger(name)),
  });
  app.useGlobalFilters(new BusExceptionFilter());
  await app.listen();
  return app;
}
