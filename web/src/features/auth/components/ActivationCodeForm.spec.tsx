import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { enterCode } from '../../../test/pin';
import { holdTimers, pass, until } from '../../../test/clock';
import { account } from '../../../test/fixtures';
import { fakeGateway, jsonResponse, ok } from '../../../test/gateway';
import { renderApp } from '../../../test/render';
import { userToken } from '../../../test/jwt';
import { RESEND_COOLDOWN_S } from './ActivationCodeForm';

const input = (testId: string) => {
  const el = screen.getByTestId(testId);
  return (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;
};
const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });
const resendButton = () => screen.getByTestId('activation-resend') as HTMLButtonElement;

async function registerUntilCodeStep() {
  renderApp('/us/auth/register');
  await until(() => screen.getByTestId('register-form'), 15_000);
  type('register-first-name', 'Ayşe');
  type('register-last-name', 'Yılmaz');
  type('register-email', 'ayse@example.com');
  type('register-password', 'secret1');
  type('register-confirm-password', 'secret1');
  fireEvent.click(input('register-terms'));
  await act(async () => fireEvent.click(screen.getByTestId('register-submit')));
  await until(() => screen.getByTestId('activation-form'));
}

describe('activation code step', () => {
  it('the resend action starts disabled with a countdown, then sends and counts down again', async () => {
    holdTimers();
    const calls = fakeGateway({
      'POST /api/public/register': () => jsonResponse({ success: true, data: { id: 1 } }),
      'POST /api/public/resend-activation': () => jsonResponse({ success: true, message: 'sent' }),
    }).calls;
    await registerUntilCodeStep();
    expect(resendButton().disabled).toBe(true);
    expect(resendButton().textContent).toBe(`Send a new code (${RESEND_COOLDOWN_S} seconds)`);

    await pass(30_000);
    expect(resendButton().textContent).toBe('Send a new code (30 seconds)');
    expect(resendButton().disabled).toBe(true);
    await pass(30_500);
    await until(() => expect(resendButton().disabled).toBe(false));
    expect(resendButton().textContent).toBe('Send a new code');

    await act(async () => fireEvent.click(resendButton()));
    expect((await until(() => screen.getByTestId('activation-info'))).textContent).toBe(
      'A new code has been sent. Check your email.',
    );
    const resend = calls.find((r) => r.url.endsWith('/api/public/resend-activation'))!;
    expect(resend.method).toBe('POST');
    expect(await resend.json()).toEqual({ email: 'ayse@example.com' });
    expect(resendButton().disabled).toBe(true);
    expect(resendButton().textContent).toBe('Send a new code (60 seconds)');
  });

  it('a 429 answer shows the wait from Retry-After and keeps the button disabled that long', async () => {
    holdTimers();
    fakeGateway({
      'POST /api/public/register': () => jsonResponse({ success: true, data: { id: 1 } }),
      'POST /api/public/resend-activation': () =>
        new Response(JSON.stringify({ success: false, code: 'tooManyRequests', message: 'slow down' }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '125' },
        }),
    });
    await registerUntilCodeStep();
    await pass(61_000);
    await until(() => expect(resendButton().disabled).toBe(false));
    await act(async () => fireEvent.click(resendButton()));
    expect((await until(() => screen.getByTestId('activation-error'))).textContent).toBe(
      'Too many requests. Please wait 125 seconds and try again.',
    );
    expect(resendButton().disabled).toBe(true);
    expect(resendButton().textContent).toBe('Send a new code (125 seconds)');
    await pass(124_000);
    expect(resendButton().disabled).toBe(true);
    await pass(1_500);
    await until(() => expect(resendButton().disabled).toBe(false));
  });

  it('expired code, too many attempts and an incomplete code get their own messages', async () => {
    let answer: Response = jsonResponse({ success: false, code: 'activationCodeExpired', message: 'x' }, 400);
    const calls = fakeGateway({
      'POST /api/public/register': () => jsonResponse({ success: true, data: { id: 1 } }),
      'POST /api/public/activate': () => answer,
    }).calls;
    await registerUntilCodeStep();

    await act(async () => fireEvent.click(screen.getByTestId('activation-submit')));
    expect(screen.getByTestId('activation-error').textContent).toBe('Enter all six digits of the code.');
    expect(calls.filter((r) => r.url.endsWith('/activate'))).toHaveLength(0);

    await enterCode('activation-code', '123456');
    expect((await screen.findByTestId('activation-error')).textContent).toBe(
      'The code has expired. Send a new code.',
    );
    // The refused code is cleared.
    expect((screen.getByTestId('activation-code-0') as HTMLInputElement).value).toBe('');

    answer = jsonResponse({ success: false, code: 'tooManyAttempts', message: 'x' }, 429);
    await enterCode('activation-code', '654321');
    await waitFor(() =>
      expect(screen.getByTestId('activation-error').textContent).toBe(
        'Too many wrong codes. Send a new code and try again.',
      ),
    );
    expect(calls.filter((r) => r.url.endsWith('/activate'))).toHaveLength(2);
  });
});

describe('login of a not activated account', () => {
  it('offers the code step inline; after activation the login goes through', async () => {
    let activated = false;
    const token = userToken('new@example.com');
    fakeGateway({
      'GET /api/public/check-activation': () => jsonResponse({ success: true, data: activated }),
      'POST /api/public/activate': async (req) => {
        const body = (await req.json()) as { email: string; code: string };
        activated = body.email === 'new@example.com' && body.code === '777777';
        return activated
          ? jsonResponse({ success: true, message: 'ok' })
          : jsonResponse({ success: false, code: 'activationCodeInvalid' }, 400);
      },
      'POST /api/authenticate': () => jsonResponse({ success: true, status: 200, data: { token } }),
      'GET /api/account/user': () =>
        ok(account({ id: 1, firstName: 'A', lastName: 'B', fullName: undefined, email: 'new@example.com' })),
    });
    const app = renderApp('/us/auth/login');
    await screen.findByTestId('login-form');
    type('login-email', 'new@example.com');
    type('login-password', 'secret1');
    await act(async () => fireEvent.click(screen.getByTestId('login-submit')));
    expect((await screen.findByTestId('login-error')).textContent).toBe(
      'Your email account is not activated',
    );
    expect(screen.getByTestId('activation-hint').textContent).toContain('new@example.com');
    // Not on the register screen: no code was sent just now, the resend action is available.
    expect(resendButton().disabled).toBe(false);

    await enterCode('activation-code', '777777');
    expect((await screen.findByTestId('login-activated')).textContent).toBe(
      'Your account is activated. You can log in now.',
    );
    expect(screen.queryByTestId('login-activation')).toBeNull();
    expect(screen.queryByTestId('login-error')).toBeNull();

    await act(async () => fireEvent.click(screen.getByTestId('login-submit')));
    await waitFor(() => expect(app.location()).toBe('/us/dashboard'));
  });

  it('a throttled login (429) shows the wait from Retry-After', async () => {
    fakeGateway({
      'GET /api/public/check-activation': () => jsonResponse({ success: true, data: true }),
      'POST /api/authenticate': () =>
        new Response(JSON.stringify({ success: false, code: 'tooManyAttempts', message: 'x' }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '300' },
        }),
    });
    renderApp('/auth/login');
    await screen.findByTestId('login-form');
    type('login-email', 'user@example.com');
    type('login-password', 'secret1');
    await act(async () => fireEvent.click(screen.getByTestId('login-submit')));
    expect((await screen.findByTestId('login-error')).textContent).toBe(
      'Çok fazla deneme yapıldı. Lütfen 300 saniye bekleyip tekrar deneyin.',
    );
  });
});
