import {
  CanActivate,
  ExecutionContext,
  Inject,
  Injectable,
  SetMetadata,
  UseGuards,
  applyDecorators,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { API_SCOPE } from './api-scope.js';
import { ApiTokenAuthenticator, apiTokenOf } from './api-tokens.js';
import type { JwtUser } from './jwt.strategy.js';

const ROLES = 'shelfscan:roles';

/**
 * A session JWT (passport's `jwt` strategy), or a personal API token (`Bearer ss_…`, issue 19) on a
 * route whose `@ApiScope` the token holds. A request without an API token pays one header test.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(ApiTokenAuthenticator) private readonly apiTokens: ApiTokenAuthenticator,
  ) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    const req = context.switchToHttp().getRequest<{ headers: { authorization?: unknown }; user?: JwtUser }>();
    const token = apiTokenOf(req.headers.authorization);
    if (token === undefined) return super.canActivate(context);
    const scope = this.reflector.getAllAndOverride<string | undefined>(API_SCOPE, [
      context.getHandler(),
      context.getClass(),
    ]);
    return this.apiTokens.authenticate(token, scope).then((user) => {
      req.user = user;
      return true;
    });
  }
}

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
