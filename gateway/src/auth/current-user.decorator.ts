import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { JwtUser } from './jwt.strategy.js';

export const CurrentUser = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): JwtUser => ctx.switchToHttp().getRequest<{ user: JwtUser }>().user,
);
