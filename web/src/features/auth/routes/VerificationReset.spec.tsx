import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { holdTimers, pass, until } from '../../../test/clock';
import { fakeGateway, jsonResponse } from '../../../test/gateway';
import { renderApp } from '../../../test/render';
import { RESET_REDIRECT_DELAY_MS } from './ResetPasswordPage';

const ACTIVATE = 'POST /api/public/activate';
const RESET = 'POST /api/public/complete-password-reset';

const input = (testId: string) => {
  const el = screen.getByTestId(testId);
  return (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;
};
const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });

describe('emailed activation link (/auth/register-verification)', () => {
  it('activates with email and key and shows the success text', async () => {
    const { calls } = fakeGateway({ [ACTIVATE]: () => jsonResponse({ success: true, message: 'ok' }) });
    renderApp('/us/auth/register-verification?email=a%2Bb%40example.com&key=123456');
    expect((await screen.findByTestId('verification-message')).textContent).toBe(
      'You are now verified. Please use your username/password to login.',
    );
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toMatch(/\/api\/public\/activate$/);
    expect(await calls[0].json()).toEqual({ email: 'a+b@example.com', code: '123456' });
    expect(screen.getByTestId('verification-login').getAttribute('href')).toBe('/us/auth/login');
  });

  it('a refused key shows the fail text (Turkish)', async () => {
    fakeGateway({
      [ACTIVATE]: () => jsonResponse({ success: false, code: 'activationCodeInvalid', message: 'x' }, 400),
    });
    renderApp('/auth/register-verification?email=a%40example.com&key=000000');
    expect((await screen.findByTestId('verification-message')).textContent).toBe(
      'Üzgünüz, e-posta adresinizi doğrulayamadık. Lütfen tekrar deneyin.',
    );
  });

  it('a link without key fails without calling the server', async () => {
    const { calls } = fakeGateway({ [ACTIVATE]: () => jsonResponse({ success: true }) });
    renderApp('/us/auth/register-verification?email=a%40example.com');
    expect((await screen.findByTestId('verification-message')).textContent).toBe(
      'Sorry, we cannot verify your email. Please try again.',
    );
    expect(calls).toHaveLength(0);
  });
});

describe('reset password page', () => {
  it('takes email and key from the link, validates, and an invalid key shows registerConfirmValidationError', async () => {
    const { calls } = fakeGateway({
      [RESET]: () => jsonResponse({ success: false, code: 'resetKeyInvalid', message: 'bad key' }, 400),
    });
    renderApp('/us/auth/resetpassword?email=a%40example.com&key=abc');
    await screen.findByTestId('reset-password');
    expect(input('reset-email').value).toBe('a@example.com');
    expect(input('reset-key').value).toBe('abc');

    type('reset-password', '12345');
    type('reset-confirm-password', '12346');
    await act(async () => fireEvent.click(screen.getByTestId('reset-submit')));
    expect(screen.getByText('Password must be at least 6 characters.')).toBeTruthy();
    expect(screen.getByText('Passwords do not match.')).toBeTruthy();
    expect(calls).toHaveLength(0);

    type('reset-password', 'newpass1');
    type('reset-confirm-password', 'newpass1');
    await act(async () => fireEvent.click(screen.getByTestId('reset-submit')));
    expect((await screen.findByTestId('reset-result')).textContent).toBe(
      'The token is expired or not valid. Please try again.',
    );
    expect(await calls[0].json()).toEqual({ email: 'a@example.com', key: 'abc', password: 'newpass1' });
  });

  it('on success shows the message, then goes to the login page', async () => {
    fakeGateway({ [RESET]: () => jsonResponse({ success: true, message: 'Your password has been reset.' }) });
    const app = renderApp('/auth/resetpassword?email=a%40example.com&key=abc');
    await screen.findByTestId('reset-password');
    type('reset-password', 'newpass1');
    type('reset-confirm-password', 'newpass1');
    // On a held clock: the login page follows after the delay, not before.
    holdTimers();
    await act(async () => fireEvent.click(screen.getByTestId('reset-submit')));
    expect((await until(() => screen.getByTestId('reset-result'))).textContent).toBe(
      'Your password has been reset.',
    );
    expect(app.location()).toBe('/auth/resetpassword?email=a%40example.com&key=abc');
    await pass(RESET_REDIRECT_DELAY_MS - 1);
    expect(app.location()).toBe('/auth/resetpassword?email=a%40example.com&key=abc');
    await pass(1);
    await until(() => expect(app.location()).toBe('/auth/login?redirect=reset'));
    expect((await until(() => screen.getByTestId('login-after-reset'), 15_000)).textContent).toBe(
      'Şifreniz değiştirildi. Yeni şifrenizle giriş yapın.',
    );
  });
});
