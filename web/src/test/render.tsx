import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { AppRoutes } from '../app/routes';
import { AppProviders } from '../app/providers';
import { makeStore } from '../app/store';
import { setAuthCookie } from '../lib/cookies';

/** Shows the router location so tests can assert redirects. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location">
      {location.pathname}
      {location.search}
    </output>
  );
}

/** Renders the whole route tree at `path`, with the auth cookie set to `token` when given. */
export function renderApp(path: string, { token }: { token?: string } = {}) {
  if (token) setAuthCookie(token);
  const store = makeStore();
  const utils = render(
    <AppProviders store={store} env="test">
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...utils, store, location: () => screen.getByTestId('location').textContent };
}
