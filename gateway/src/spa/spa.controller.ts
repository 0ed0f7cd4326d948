import { Controller, Get, Inject, NotFoundException, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';

export const WEB_DIST_DIR = Symbol('WEB_DIST_DIR');

/**
 * The SPA on the same origin: files of the built web app are served as they are (@fastify/static,
 * see gateway.ts), so what reaches this route is no existing file. A page path gets index.html
 * (Turkish, or English under /us), whatever its last segment looks like (`/admin/user/a@b.com` on a
 * reload or from a link); a missing `/assets/…` file (an old build's chunk) and any `/api` path stay
 * 404.
 */
@ApiExcludeController()
@Controller()
export class SpaController {
  private indexHtml?: Buffer;

  constructor(@Inject(WEB_DIST_DIR) private readonly distDir: string) {}

  @Get('*')
  serve(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    const url = req.url.split('?')[0];
    if (['/api', '/assets'].some((dir) => url === dir || url.startsWith(`${dir}/`)))
      throw new NotFoundException();
    this.indexHtml ??= this.readIndex();
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(this.indexHtml);
  }

  private readIndex(): Buffer {
    const file = path.join(this.distDir, 'index.html');
    if (!fs.existsSync(file))
      throw new NotFoundException(`the web app is not built (${file} is missing): run make build`);
    return fs.readFileSync(file);
  }
}
