import { BrowserRouter } from 'react-router';
import { GlobalLoader } from './layouts/GlobalLoader';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';
import type { AppStore } from './store';

export function App({ store }: { store: AppStore }) {
  return (
    <AppProviders store={store}>
      <BrowserRouter>
        <GlobalLoader />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
