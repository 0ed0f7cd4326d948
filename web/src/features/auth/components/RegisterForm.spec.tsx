import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp, requestUrl } from '../../../test/render';
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
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
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
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a taken email shows the translated emailIsAlreadyTaken message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          { success: false, code: 'emailIsAlreadyTaken', message: 'email address already taken' },
          400,
        ),
      ),
    );
    renderApp('/auth/register');
    await screen.findByTestId('register-form');
    fillValid();
    await act(async () => fireEvent.click(screen.getByTestId('register-submit')));
    expect((await screen.findByTestId('register-error')).textContent).toBe(
      'e-posta adresi zaten kullanılıyor',
    );
  });

  it('a 422 shows each message on the field it names, and no joined alert', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
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
      ),
    );
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
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          {
            success: false,
            message: 'invalid',
            errors: [{ msg: 'something is off' }, { field: 'langKey', msg: 'bad language' }],
          },
          422,
        ),
      ),
    );
    renderApp('/auth/register');
    await screen.findByTestId('register-form');
    fillValid();
    await act(async () => fireEvent.click(screen.getByTestId('register-submit')));
    expect((await screen.findByTestId('register-error')).textContent).toBe('something is off\nbad language');
  });

  it('on success shows the code step; the right code activates and redirects to login?redirect=register after 1000 ms', async () => {
    let activatedAt = 0;
    const fetchMock = vi.fn(async (req: unknown) => {
      const url = requestUrl(req);
      if (url.endsWith('/api/public/register'))
        return jsonResponse({ success: true, message: 'ok', data: { id: 7 } });
      if (url.endsWith('/api/public/activate')) {
        const body = (await (req as Request).clone().json()) as { code: string };
        if (body.code !== '424242')
          return jsonResponse({ success: false, code: 'activationCodeInvalid', message: 'invalid' }, 400);
        activatedAt = performance.now();
        return jsonResponse({ success: true, message: 'activated' });
      }
      return jsonResponse({ success: false, message: 'not stubbed' }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
    const app = renderApp('/us/auth/register');
    await screen.findByTestId('register-form');
    fillValid();
    await act(async () => fireEvent.click(screen.getByTestId('register-submit')));
    expect((await screen.findByTestId('register-success')).textContent).toContain('ayse@example.com');
    expect(screen.queryByTestId('register-form')).toBeNull();

    const request = fetchMock.mock.calls[0][0] as Request;
    expect(requestUrl(request)).toMatch(/\/api\/public\/register$/);
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

    // The right code: the message shows on this page, then the login page follows. Real time, bounded
    // from below only (the redirect cannot come sooner than its delay after the answer, however
    // loaded the machine), and the login page's chunk loaded first so a redirect shows at once.
    // (Fake timers that follow the real clock made this flaky: a busy machine's pause between the
    // message and the check counted towards the delay.)
    await import('../routes/LoginPage');
    await enterCode('activation-code', '424242');
    await waitFor(() =>
      expect(screen.getByTestId('register-success').textContent).toBe(
        'Your account is activated. You are being taken to the login page.',
      ),
    );
    expect(app.location()).toBe('/us/auth/register');
    await waitFor(() => expect(app.location()).toBe('/us/auth/login?redirect=register'), {
      timeout: REGISTER_REDIRECT_DELAY_MS + 5000,
    });
    // Half the delay: Node schedules a timer from the time its event-loop turn began, so it can
    // fire a little before `delay` after the call; an immediate redirect is far below this.
    expect(performance.now() - activatedAt).toBeGreaterThanOrEqual(REGISTER_REDIRECT_DELAY_MS / 2);
    expect(await screen.findByTestId('login-after-register')).toBeTruthy();
    const activateCall = fetchMock.mock.calls
      .map((c) => c[0] as Request)
      .filter((r) => r.url.endsWith('/activate'));
    expect(await activateCall.at(-1)!.clone().json()).toEqual({ email: 'ayse@example.com', code: '424242' });
  });
});
