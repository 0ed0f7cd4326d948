import { Controller, Get, Header, HttpCode, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { health, metricsRegistry } from '@shelfscan/observability';
import type { FastifyReply } from 'fastify';

@ApiExcludeController()
@Controller()
export class HealthController {
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

  @Get('metrics')
  @Header('Cache-Control', 'no-store')
  async metrics(@Res() reply: FastifyReply) {
    return reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  }
}
