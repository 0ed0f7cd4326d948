/**
 * Global loader (product spec part 4): counts pending api requests. It shows at the first pending
 * request and hides when the count returns to zero; each "done" is dispatched 500 ms after the
 * request settles so short bursts do not flicker.
 */
import { createListenerMiddleware, createSlice, type UnknownAction } from '@reduxjs/toolkit';

export const LOADER_DONE_DELAY_MS = 500;

export interface LoaderState {
  pending: number;
}

export const loaderSlice = createSlice({
  name: 'loader',
  initialState: { pending: 0 } as LoaderState,
  reducers: {
    loaderStarted: (state) => {
      state.pending += 1;
    },
    loaderDone: (state) => {
      state.pending = Math.max(0, state.pending - 1);
    },
  },
});

export const { loaderStarted, loaderDone } = loaderSlice.actions;

export const selectLoaderVisible = (state: { loader: LoaderState }) => state.loader.pending > 0;

interface ThunkMeta {
  requestStatus?: 'pending' | 'fulfilled' | 'rejected';
  condition?: boolean;
}

/** Matches the pending/fulfilled/rejected actions of the api slice's query and mutation thunks. */
export function apiRequestPhase(action: UnknownAction, reducerPath = 'api'): 'pending' | 'settled' | null {
  if (typeof action.type !== 'string') return null;
  if (!/^[^/]+\/(executeQuery|executeMutation)\//.test(action.type)) return null;
  if (!action.type.startsWith(`${reducerPath}/`)) return null;
  const meta = (action as { meta?: ThunkMeta }).meta;
  // A cached query is "rejected" by its condition without ever being pending: not a request.
  if (meta?.condition) return null;
  if (meta?.requestStatus === 'pending') return 'pending';
  if (meta?.requestStatus === 'fulfilled' || meta?.requestStatus === 'rejected') return 'settled';
  return null;
}

export function createLoaderListener(reducerPath = 'api', doneDelayMs = LOADER_DONE_DELAY_MS) {
  const listener = createListenerMiddleware();
  listener.startListening({
    predicate: (action) => apiRequestPhase(action, reducerPath) !== null,
    effect: async (action, { dispatch }) => {
      const phase = apiRequestPhase(action, reducerPath);
      if (phase === 'pending') {
        dispatch(loaderStarted());
      } else if (phase === 'settled') {
        await new Promise((resolve) => setTimeout(resolve, doneDelayMs));
        dispatch(loaderDone());
      }
    },
  });
  return listener;
}
