import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { runAsCaller } from '@shelfscan/bus';
import { Observable } from 'rxjs';
import type { JwtUser } from './jwt.strategy.js';

/**
 * Runs each route as the user its token names (after the guards verified it): every bus request
 * it sends carries an identity assertion for that user, signed with the gateway's key
 * (BUS_IDENTITY_PRIVATE_KEY), which the services verify before their handlers run. Routes
 * without a token run as nobody.
 */
@Injectable()
export class CallerInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const user = context.switchToHttp().getRequest<{ user?: JwtUser }>().user;
    const caller = user ? { email: user.sub, roles: user.roles } : undefined;
    return new Observable((subscriber) => {
      const subscription = runAsCaller(caller, () => next.handle().subscribe(subscriber));
      return () => subscription.unsubscribe();
    });
  }
}
