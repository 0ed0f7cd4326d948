import { timingSafeEqual } from 'node:crypto';
import { Controller, Get, Header, HttpCode, Inject, NotFoundException, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { health, metricsRegistry } from '@shelfscan/observability';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  /** Liveness: the process answers. */
  @Get('healthz')
  @HttpCode(200)
  healthz() {
    return { status: 'ok' };
  }

  /** Readiness: every service's database and the bus answer. */
  @Get('readyz')
  async readyz(@Res() reply: FastifyReply) {
    const r = await health.readiness();
    return reply.status(r.ready ? 200 : 503).send(r);
  }

  /** Only with METRICS_TOKEN as a bearer token: the figures are not for the public (404 otherwise). */
  @Get('metrics')
  @Header('Cache-Control', 'no-store')
  async metrics(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    if (!bearerMatches(req.headers.authorization, this.config.METRICS_TOKEN)) throw new NotFoundException();
    return reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  }
}

function bearerMatches(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice('Bearer '.length));
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
