import Cookies from 'js-cookie';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminToken, expiredToken, userToken } from '../test/jwt';
import { TODO_STATES } from '../features/dashboard/model';
import { account } from '../test/fixtures';
import { fakeGateway, jsonResponse, ok } from '../test/gateway';
import { renderApp } from '../test/render';

function stubNavigatorLanguage(language: string) {
  vi.spyOn(window.navigator, 'language', 'get').mockReturnValue(language);
}

/** Answers GET /api/account/user for the logged-in layouts. */
function stubApi(email = 'user@example.com') {
  return fakeGateway({
    'GET /api/account/user': () =>
      ok(
        account({
          id: 1,
          fullName: undefined,
          email,
          phone: '5551234567',
          phoneVerified: undefined,
          userPlanExist: false,
        }),
      ),
    // My plans (none).
    'GET /api/user-plan': () => ok([]),
    // The dashboard's lists (empty); its quota stays unanswered.
    ...Object.fromEntries(TODO_STATES.map((state) => [`GET /api/search-info/${state}`, () => ok([])])),
    // The admin promotions page's list (none): a 404 here would send the page to /errors/notfound.
    'GET /api/promotion': () => ok([]),
    // The account page's API tokens and alert channels (none; no Telegram bot), likewise: unanswered,
    // the page went to /errors/notfound whenever their 404 came before the test's last look.
    'GET /api/account/tokens': () => ok([]),
    'GET /api/webhooks': () => ok([]),
    'GET /api/account/telegram': () =>
      ok({ configured: false, linked: false, chatName: null, linkedAt: null, botUsername: null }),
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('locale routing', () => {
  it('root without cookie + English browser -> /us with cookie en and html lang en', async () => {
    stubNavigatorLanguage('en-GB');
    const app = renderApp('/');
    await waitFor(() => expect(app.location()).toBe('/us'));
    expect(Cookies.get('i18n_redirected')).toBe('en');
    expect(await screen.findByTestId('landing-title')).toHaveProperty(
      'textContent',
      'Turn any Amazon storefront into a ready ASIN list',
    );
    expect(document.documentElement.lang).toBe('en');
  });

  it('root without cookie + Turkish browser stays on / with cookie tr', async () => {
    stubNavigatorLanguage('tr-TR');
    const app = renderApp('/');
    expect(await screen.findByTestId('landing-title')).toHaveProperty(
      'textContent',
      'Her Amazon mağazasını hazır bir ASIN listesine dönüştürün',
    );
    expect(app.location()).toBe('/');
    expect(Cookies.get('i18n_redirected')).toBe('tr');
    expect(document.documentElement.lang).toBe('tr');
  });

  it('an existing cookie disables browser detection', async () => {
    stubNavigatorLanguage('en-US');
    Cookies.set('i18n_redirected', 'tr');
    const app = renderApp('/');
    await screen.findByTestId('landing-title');
    expect(app.location()).toBe('/');
    expect(Cookies.get('i18n_redirected')).toBe('tr');
  });

  it('detection runs only on the root path', async () => {
    stubNavigatorLanguage('en-US');
    const app = renderApp('/auth/login');
    await screen.findByTestId('login-form');
    expect(app.location()).toBe('/auth/login');
    expect(Cookies.get('i18n_redirected')).toBeUndefined();
  });

  it('the language switch goes to the same page in the other locale and sets the cookie', async () => {
    stubNavigatorLanguage('tr');
    const app = renderApp('/auth/login?redirect=register');
    await screen.findByRole('heading', { name: 'Giriş yap' });
    await act(async () => fireEvent.click(screen.getByTestId('lang-switch')));
    await waitFor(() => expect(app.location()).toBe('/us/auth/login?redirect=register'));
    expect(Cookies.get('i18n_redirected')).toBe('en');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');

    await act(async () => fireEvent.click(screen.getByTestId('lang-switch')));
    await waitFor(() => expect(app.location()).toBe('/auth/login?redirect=register'));
    expect(Cookies.get('i18n_redirected')).toBe('tr');
  });

  it('every route exists in both locales; unmatched routes show the not-found text', async () => {
    Cookies.set('i18n_redirected', 'tr');
    renderApp('/no/such/page');
    expect((await screen.findByTestId('not-found-title')).textContent).toBe('Bu sayfa bulunamadı');
  });

  it('unmatched English route', async () => {
    renderApp('/us/no/such/page');
    expect((await screen.findByTestId('not-found-title')).textContent).toBe('This page could not be found');
  });

  it('the error pages exist under both prefixes', async () => {
    renderApp('/us/errors/something-went-wrong');
    expect((await screen.findByTestId('something-went-wrong-title')).textContent).toBe(
      'Something went wrong',
    );
  });
});

describe('guards in the route tree', () => {
  it('require-auth: /dashboard without login goes to /', async () => {
    Cookies.set('i18n_redirected', 'tr');
    const app = renderApp('/dashboard');
    await waitFor(() => expect(app.location()).toBe('/'));
  });

  it('require-auth: an expired token counts as logged out', async () => {
    Cookies.set('i18n_redirected', 'en');
    const app = renderApp('/us/account', { token: expiredToken() });
    await waitFor(() => expect(app.location()).toBe('/us'));
  });

  it('require-auth: a logged-in user sees the dashboard and the navbar shows their email', async () => {
    stubApi('user@example.com');
    renderApp('/us/dashboard', { token: userToken('user@example.com') });
    expect(await screen.findByTestId('column-pending-empty')).toBeTruthy();
    expect(screen.getByTestId('nav-account').textContent).toContain('user@example.com');
    expect(screen.queryByTestId('nav-admin')).toBeNull();
  });

  it('require-admin: a non-admin goes to /dashboard, an admin sees the page', async () => {
    stubApi();
    const app = renderApp('/us/admin/promotions', { token: userToken() });
    await waitFor(() => expect(app.location()).toBe('/us/dashboard'));
  });

  it('require-admin: an admin gets the admin page and menu', async () => {
    stubApi('admin@example.com');
    const app = renderApp('/admin/promotions', { token: adminToken() });
    expect(await screen.findByTestId('admin-promotions')).toBeTruthy();
    expect(await screen.findByTestId('nav-admin')).toBeTruthy();
    expect(app.location()).toBe('/admin/promotions');
  });

  it('require-admin: no user goes to /', async () => {
    Cookies.set('i18n_redirected', 'tr');
    const app = renderApp('/admin');
    await waitFor(() => expect(app.location()).toBe('/'));
  });

  it('guest-only: a logged-in user on /us/auth/register goes to /us', async () => {
    stubApi();
    const app = renderApp('/us/auth/register', { token: userToken() });
    await waitFor(() => expect(app.location()).toBe('/us'));
  });

  it('logout revokes the token on the server, clears the cookie and the session and goes to / of the locale', async () => {
    const server = stubApi();
    server.routes['POST /api/account/logout'] = () => ok(undefined, 'You have been logged out.');
    const token = userToken();
    const app = renderApp('/us/logout', { token });
    await waitFor(() => expect(app.location()).toBe('/us'));
    expect(Cookies.get('frontend-nuxt-auth-key')).toBeUndefined();
    expect(app.store.getState().session.authKey).toBeNull();
    expect(await screen.findByTestId('nav-login')).toBeTruthy();
    // The server refuses this token from now on: a copy of the cookie is of no use.
    await waitFor(() => expect(server.callsTo('POST /api/account/logout')).toHaveLength(1));
    const [revoke] = server.callsTo('POST /api/account/logout');
    expect(revoke.headers.get('Authorization')).toBe(`Bearer ${token}`);
    // Not aborted by the reset of the api's cache that logout also does.
    expect(revoke.signal.aborted).toBe(false);
  });

  it('logout still logs out in the browser when the server refuses the token', async () => {
    const server = stubApi();
    server.routes['POST /api/account/logout'] = () => jsonResponse({ success: false }, 401);
    const app = renderApp('/us/logout', { token: userToken() });
    await waitFor(() => expect(app.location()).toBe('/us'));
    await waitFor(() => expect(server.callsTo('POST /api/account/logout')).toHaveLength(1));
    expect(Cookies.get('frontend-nuxt-auth-key')).toBeUndefined();
    expect(app.store.getState().session.authKey).toBeNull();
  });

  it('the index layout loads the current user with the bearer token and Accept-Language', async () => {
    const server = stubApi('user@example.com');
    const token = userToken('user@example.com');
    renderApp('/us/account', { token });
    // My information is an update form now: the values are in its inputs.
    expect(((await screen.findByTestId('account-email')) as HTMLInputElement).value).toBe('user@example.com');
    expect((screen.getByTestId('account-first-name') as HTMLInputElement).value).toBe('Ayşe');
    expect(await screen.findByTestId('account-no-plans')).toBeTruthy();
    const request = server.calls[0];
    expect(request.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(request.headers.get('Accept-Language')).toBe('en');
  });
});
