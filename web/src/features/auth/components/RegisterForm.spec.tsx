import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { holdTimers, pass, until } from '../../../test/clock';
import { fakeGateway, jsonResponse, ok } from '../../../test/gateway';
import { renderApp } from '../../../test/render';
import { enterCode } from '../../../test/pin';
import { REGISTER_REDIRECT_DELAY_MS } from './RegisterForm';

const input = (testId: string) => {
  const el = screen.getByTestId(testId);
  return (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;
};
const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });

function fillValid() {
  type('register-first-name', 'Ayşe');
  type('register-last-name', 'Yılmaz');
  type('register-email', 'ayse@example.com');
  type('register-phone', '0555 123 45 67');
  type('register-password', 'secret1');
  type('register-confirm-password', 'secret1');
  fireEvent.click(input('register-terms'));
}

describe('register form', () => {
  it('shows the client validation messages and sends nothing', async () => {
    const server = fakeGateway();
    renderApp('/us/auth/register');
    await screen.findByTestId('register-form');
    type('register-first-name', 'A1');
    type('register-phone', '123');
    type('register-password', '123');
    type('register-confirm-password', '1234');
    await act(async () => fireEvent.click(screen.getByTestId('register-submit')));
    expect(
      screen.getByText(
        'Name is invalid: use 2–50 letters, with single spaces, hyphens or apostrophes between them.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Surname is invalid: use 2–50 letters, with single spaces, hyphens or apostrophes between them.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Email is invalid.')).toBeTruthy();
    expect(screen.getByText('Phone number must have at least 10 digits.')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters.')).toBeTruthy();
    expect(screen.getByText('Passwords do not match.')).toBeTruthy();
    expect(screen.getByText('You must accept the user agreement.')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });

  it('a taken email shows the translated emailIsAlreadyTaken message', async () => {
    fakeGateway({
      'POST /api/public/register': () =>
        jsonResponse(
          { success: false, code: 'emailIsAlreadyTaken', message: 'email address already taken' },
          400,
        ),
    });
    renderApp('/auth/register');
    await screen.findByTestId('register-form');
    fillValid();
    await act(async () => fireEvent.click(screen.getByTestId('register-submit')));
    expect((await screen.findByTestId('register-error')).textContent).toBe(
      'e-posta adresi zaten kullanılıyor',
    );
  });

  it('a 422 shows each message on the field it names, and no joined alert', async () => {
    fakeGateway({
      'POST /api/public/register': () =>
        jsonResponse(
          {
            success: false,
            message: 'bad email\nbad phone',
            errors: [
              { field: 'email', msg: 'bad email' },
              { field: 'phone', msg: 'bad phone' },
            ],
          },
          422,
        ),
    });
    renderApp('/us/auth/register');
    await screen.findByTestId('register-form');
    fillValid();
    await act(async () => fireEvent.click(screen.getByTestId('register-submit')));
    await waitFor(() => expect(input('register-email').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('bad email')).toBeTruthy();
    expect(screen.getByText('bad phone')).toBeTruthy();
    expect(input('register-phone').getAttribute('aria-invalid')).toBe('true');
    expect(input('register-first-name').getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.queryByTestId('register-error')).toBeNull();
    // Typing in the field clears its server message.
    type('register-email', 'ayse2@example.com');
    expect(screen.queryByText('bad email')).toBeNull();
    expect(screen.getByText('bad phone')).toBeTruthy();
  });

  it('422 messages that name no field of the form are joined by line breaks', async () => {
    fakeGateway({
      'POST /api/public/register': () =>
        jsonResponse(
          {
            success: false,
            message: 'invalid',
            errors: [{ msg: 'something is off' }, { field: 'langKey', msg: 'bad language' }],
          },
          422,
        ),
    });
    renderApp('/auth/register');
    await screen.findByTestId('register-form');
    fillValid();
    await act(async () => fireEvent.click(screen.getByTestId('register-submit')));
    expect((await screen.findByTestId('register-error')).textContent).toBe('something is off\nbad language');
  });

  it('on success shows the code step; the right code activates and redirects to login?redirect=register after 1000 ms', async () => {
    const server = fakeGateway({
      'POST /api/public/register': () => ok({ id: 7 }),
      'POST /api/public/activate': async (request) => {
        const body = (await request.json()) as { code: string };
        if (body.code !== '424242')
          return jsonResponse({ success: false, code: 'activationCodeInvalid', message: 'invalid' }, 400);
        return jsonResponse({ success: true, message: 'activated' });
      },
    });
    const app = renderApp('/us/auth/register');
    await screen.findByTestId('register-form');
    fillValid();
    await act(async () => fireEvent.click(screen.getByTestId('register-submit')));
    expect((await screen.findByTestId('register-success')).textContent).toContain('ayse@example.com');
    expect(screen.queryByTestId('register-form')).toBeNull();

    const request = server.calls[0];
    expect(request.url).toMatch(/\/api\/public\/register$/);
    expect(request.method).toBe('POST');
    expect(await request.clone().json()).toEqual({
      firstName: 'Ayşe',
      lastName: 'Yılmaz',
      email: 'ayse@example.com',
      phone: '0555 123 45 67',
      password: 'secret1',
      langKey: 'en',
    });

    // A wrong code: the translated reason, no redirect.
    await enterCode('activation-code', '111111');
    expect((await screen.findByTestId('activation-error')).textContent).toBe(
      'The code is not valid. Check it and try again.',
    );
    expect(app.location()).toBe('/us/auth/register');

    // The right code: the message shows on this page, then the login page follows after the delay,
    // not before (on a held clock: a busy machine's pauses do not count towards the delay). The
    // login page's chunk is loaded first so a redirect shows at once.
    await import('../routes/LoginPage');
    holdTimers();
    await enterCode('activation-code', '424242');
    await until(() =>
      expect(screen.getByTestId('register-success').textContent).toBe(
        'Your account is activated. You are being taken to the login page.',
      ),
    );
    expect(app.location()).toBe('/us/auth/register');
    await pass(REGISTER_REDIRECT_DELAY_MS - 1);
    expect(app.location()).toBe('/us/auth/register');
    await pass(1);
    await until(() => expect(app.location()).toBe('/us/auth/login?redirect=register'));
    expect(await until(() => screen.getByTestId('login-after-register'))).toBeTruthy();
    expect(await server.lastBody('POST /api/public/activate')).toEqual({
      email: 'ayse@example.com',
      code: '424242',
    });
  });
});
