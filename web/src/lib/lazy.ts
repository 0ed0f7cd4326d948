import { lazy, type ComponentType } from 'react';
import { isChunkLoadError, reloadForChunkError } from './errors';
import { reloadPage } from './navigation';

/**
 * React.lazy with the chunk-reload rule: a failed dynamic import reloads the page (at most once per
 * 60 s); otherwise the error propagates to the nearest error boundary.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPage<T extends ComponentType<any>>(factory: () => Promise<{ default: T }>) {
  return lazy(() =>
    factory().catch((error: unknown) => {
      if (isChunkLoadError(error) && reloadForChunkError(window.sessionStorage, reloadPage)) {
        return new Promise<{ default: T }>(() => undefined);
      }
      throw error;
    }),
  );
}

/** Picks a named export of a lazily imported module. */

export function lazyNamed<M, K extends keyof M>(factory: () => Promise<M>, name: K) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return lazyPage(() => factory().then((m) => ({ default: m[name] as ComponentType<any> })));
}
