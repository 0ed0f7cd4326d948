import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { AppRoutes } from '../app/routes';
import { AppProviders } from '../app/providers';
import { makeStore } from '../app/store';
import { setAuthCookie } from '../lib/cookies';

// The layout's lazy parts a logged-in page shows at once (the navbar's items, the contact button, the
// filter drawer), imported here before any test starts: their first import in a test file transforms
// them (Mantine's menu, floating-ui, the filter panel), which on a loaded machine took longer than a
// `findBy`'s 5 s (a navbar's `nav-filter-tool` not found, the test passing alone). The pages still go
// through React.lazy and Suspense; the modules are only ready sooner.
await Promise.all([
  import('../app/layouts/UserNav'),
  import('../app/layouts/ContactButton'),
  import('../app/layouts/FilterDrawer'),
]);

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
