import {
  CanActivate,
  ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
  applyDecorators,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { JwtUser } from './jwt.strategy.js';

const ROLES = 'shelfscan:roles';

@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {}

/** Lets a request through only when the token carries one of the route's roles. */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<string[] | undefined>(ROLES, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!roles?.length) return true;
    const user = context.switchToHttp().getRequest<{ user?: JwtUser }>().user;
    return !!user && roles.some((r) => user.roles.includes(r));
  }
}

/** A route for logged-in users (and, given roles, only those roles). */
export function Authenticated(...roles: string[]) {
  return applyDecorators(
    SetMetadata(ROLES, roles),
    UseGuards(JwtAuthGuard, RolesGuard),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'no valid token' }),
    ...(roles.length ? [ApiForbiddenResponse({ description: `needs ${roles.join(' or ')}` })] : []),
  );
}

export const ROLE_ADMIN = 'ROLE_ADMIN';
