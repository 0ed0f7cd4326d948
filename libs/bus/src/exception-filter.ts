import { Catch, type RpcExceptionFilter } from '@nestjs/common';
import { throwError, type Observable } from 'rxjs';

/**
 * Lets a handler's error reach the transport as it was thrown, so a BusError keeps its code,
 * reason and violations on the way back (the transport hides anything else as INTERNAL).
 * Every service installs it: `app.useGlobalFilters(new BusExceptionFilter())`.
 */
@Catch()
export class BusExceptionFilter implements RpcExceptionFilter<unknown> {
  catch(exception: unknown): Observable<never> {
    return throwError(() => exception);
  }
}
