import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { redactAction } from '../lib/redact';
import { api } from './api';
import { createLoaderListener, loaderSlice } from './loader';
import { sessionSlice } from './session';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  session: sessionSlice.reducer,
  loader: loaderSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  const loaderListener = createLoaderListener(api.reducerPath);
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(loaderListener.middleware).concat(api.middleware),
    // The DevTools extension records actions: card numbers and CVCs are replaced first.
    devTools: { actionSanitizer: redactAction },
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
