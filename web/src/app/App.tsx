import { BrowserRouter } from 'react-router';
import { AppErrorBoundary } from './layouts/AppErrorBoundary';
import { GlobalLoader } from './layouts/GlobalLoader';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';
import type { AppStore } from './store';

export function App({ store }: { store: AppStore }) {
  return (
    <AppProviders store={store}>
      <BrowserRouter>
        <GlobalLoader />
        <AppErrorBoundary>
          <AppRoutes />
        </AppErrorBoundary>
      </BrowserRouter>
    </AppProviders>
  );
}
