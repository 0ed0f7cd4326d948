import Cookies from 'js-cookie';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userToken } from '../../../test/jwt';
import { account } from '../../../test/fixtures';
import { fakeGateway, jsonResponse, ok } from '../../../test/gateway';
import { renderApp } from '../../../test/render';

const input = (testId: string) => {
  const el = screen.getByTestId(testId);
  return (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;
};

/** The login routes; what was asked for, as URLs. */
function gateway(opts: { activated: boolean; login?: { status: number; body: unknown } }) {
  const server = fakeGateway({
    'GET /api/public/check-activation': () => ok(opts.activated),
    'POST /api/authenticate': () => jsonResponse(opts.login?.body, opts.login?.status ?? 200),
    'GET /api/account/user': () =>
      ok(account({ id: 1, firstName: 'A', lastName: 'B', fullName: undefined, email: 'user@example.com' })),
  });
  return () => server.calls.map((request) => request.url);
}

async function submit(email: string, password: string) {
  await screen.findByTestId('login-form');
  fireEvent.change(input('login-email'), { target: { value: email } });
  fireEvent.change(input('login-password'), { target: { value: password } });
  await act(async () => fireEvent.click(screen.getByTestId('login-submit')));
}

describe('login form', () => {
  it('stops with the not-activated message when check-activation says false', async () => {
    const calls = gateway({ activated: false });
    renderApp('/us/auth/login');
    await submit('new@example.com', 'secret1');
    expect((await screen.findByTestId('login-error')).textContent).toBe(
      'Your email account is not activated',
    );
    expect(calls()).toHaveLength(1);
    expect(calls()[0]).toContain('check-activation?email=new%40example.com');
  });

  it('checks the fields before calling the server', async () => {
    const calls = gateway({ activated: true });
    renderApp('/us/auth/login');
    await submit('nope', '');
    expect(screen.getByText('Email is invalid.')).toBeTruthy();
    expect(screen.getByText('Password is required.')).toBeTruthy();
    expect(calls()).toHaveLength(0);
  });

  it('a 422 shows its message on the field it names', async () => {
    gateway({
      activated: true,
      login: {
        status: 422,
        body: {
          success: false,
          message: 'E-posta geçersiz.',
          errors: [{ field: 'email', msg: 'E-posta geçersiz.' }],
        },
      },
    });
    renderApp('/auth/login');
    await submit('user@example.com', 'secret1');
    expect(await screen.findByText('E-posta geçersiz.')).toBeTruthy();
    expect(input('login-email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('login-error')).toBeNull();
  });

  it('shows loginError on 401', async () => {
    gateway({
      activated: true,
      login: { status: 401, body: { success: false, code: 'loginError', message: 'x' } },
    });
    renderApp('/auth/login');
    await submit('user@example.com', 'wrong1');
    expect((await screen.findByTestId('login-error')).textContent).toBe(
      'Giriş başarısız, e-posta adresinizi ve şifrenizi kontrol edin.',
    );
    expect(Cookies.get('frontend-nuxt-auth-key')).toBeUndefined();
  });

  it('on success stores the token in the cookie and goes to the dashboard of the locale', async () => {
    const token = userToken('user@example.com');
    gateway({
      activated: true,
      login: { status: 200, body: { success: true, status: 200, message: 'ok', data: { token } } },
    });
    const app = renderApp('/us/auth/login');
    await submit('user@example.com', 'secret1');
    await waitFor(() => expect(app.location()).toBe('/us/dashboard'));
    expect(Cookies.get('frontend-nuxt-auth-key')).toBe(token);
    expect(app.store.getState().session.user?.sub).toBe('user@example.com');
    expect((await screen.findByTestId('nav-account')).textContent).toContain('user@example.com');
  });

  it('follows a safe redirect target', async () => {
    const token = userToken();
    gateway({ activated: true, login: { status: 200, body: { success: true, data: { token } } } });
    const app = renderApp('/auth/login?redirect=%2Faccount');
    await submit('user@example.com', 'secret1');
    await waitFor(() => expect(app.location()).toBe('/account'));
  });
});
