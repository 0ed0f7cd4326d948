import Cookies from 'js-cookie';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { enterCode } from '../../../test/pin';
import { makeJwt, userToken } from '../../../test/jwt';
import { AUTH_COOKIE } from '../../../lib/cookies';
import type { UserPlan } from '../../../app/billing/userPlanApi';
import type { CurrentUser } from '../../../app/userApi';
import { account, userPlan } from '../../../test/fixtures';
import { fakeGateway, type FakeGateway, jsonResponse, ok } from '../../../test/gateway';
import { renderApp } from '../../../test/render';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const input = (testId: string) => {
  const el = screen.getByTestId(testId);
  return (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;
};
const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });

interface Server extends FakeGateway {
  user: CurrentUser;
  /** The answer to a photo upload, when not the stored photo. */
  photo?: Response;
  /** Whether 246810 is the code sent to the phone. */
  check: boolean;
  /** GET /api/user-plan (my plans). */
  plans: UserPlan[];
  /** The answer to sending a code, when not a success. */
  sendCode?: () => Response;
}

/** A gateway with a current user that PUT, photo upload and phone verification change. */
function gateway(over: Partial<Omit<Server, keyof FakeGateway>> = {}): Server {
  const server: Server = Object.assign(
    fakeGateway({
      'GET /api/account/user': () => ok(server.user),
      'PUT /api/account/user': async (request) => {
        const body = (await request.json()) as Pick<CurrentUser, 'firstName' | 'lastName' | 'phone'>;
        server.user = {
          ...server.user,
          firstName: body.firstName,
          lastName: body.lastName,
          phone: body.phone,
        };
        return jsonResponse({ success: true, message: 'Your information has been successfully updated.' });
      },
      'POST /api/account/photo': () => {
        if (server.photo) return server.photo;
        server.user = { ...server.user, imageUrl: '/api/account/photo/5?v=1' };
        return ok({ imageUrl: '/api/account/photo/5?v=1' });
      },
      'GET /api/user-plan': () => ok(server.plans),
      'GET /api/account/tokens': () => ok([]),
      // The alert channels (none; no Telegram bot): unanswered, their 404 sent the page to /errors/notfound.
      'GET /api/webhooks': () => ok([]),
      'GET /api/account/telegram': () =>
        ok({ configured: false, linked: false, chatName: null, linkedAt: null, botUsername: null }),
      'GET /api/account/send-verification-code': () => server.sendCode?.() ?? ok({ sent: true }),
      'GET /api/account/check-verification-code': (_request, url) => {
        const valid = server.check && url.searchParams.get('verificationCode') === '246810';
        if (valid) server.user = { ...server.user, phoneVerified: true };
        return ok({ isValid: valid });
      },
    }),
    { user: account({ fullName: undefined, imageUrl: null }), check: true, plans: [], ...over },
  );
  return server;
}

const token = () => userToken('ayse@example.com');

describe('account page', () => {
  it('my information: validates, sends PUT with id and read-only email and no password, shows the success toast', async () => {
    const server = gateway();
    renderApp('/us/account', { token: token() });
    await waitFor(() => expect(input('account-first-name').value).toBe('Ayşe'));
    expect(input('account-email').readOnly).toBe(true);
    expect(await screen.findByTestId('account-no-plans')).toBeTruthy();
    // The password is not part of my information: it has its own form.
    expect(screen.getByTestId('account-form').querySelector('input[type="password"]')).toBeNull();

    type('account-first-name', 'A');
    await act(async () => fireEvent.click(screen.getByTestId('account-save')));
    expect(input('account-first-name').getAttribute('aria-invalid')).toBe('true');
    expect(server.calls.filter((r) => r.method === 'PUT')).toHaveLength(0);

    type('account-first-name', 'Ayşe Nur');
    type('account-phone', '+90 532 765 43 21');
    await act(async () => fireEvent.click(screen.getByTestId('account-save')));
    expect(await screen.findByText('Your information has been successfully updated.')).toBeTruthy();
    const put = server.calls.find((r) => r.method === 'PUT')!;
    expect(await put.json()).toEqual({
      id: 5,
      firstName: 'Ayşe Nur',
      lastName: 'Yılmaz',
      email: 'ayse@example.com',
      phone: '+90 532 765 43 21',
    });
  });

  it('change password: the three fields, a mismatch in the browser, a wrong current password on its field, then a fresh token', async () => {
    const server = gateway();
    let answer = jsonResponse(
      {
        success: false,
        status: 422,
        message: 'The current password is not correct.',
        errors: [{ field: 'currentPassword', msg: 'The current password is not correct.' }],
      },
      422,
    );
    server.routes['POST /api/account/change-password'] = () => answer;
    const { store } = renderApp('/us/account', { token: token() });
    await screen.findByTestId('password-form');
    expect(screen.getByText('Change password', { selector: 'h2' })).toBeTruthy();
    expect(screen.getByText('Current password')).toBeTruthy();

    type('password-current', 'old-secret');
    type('password-new', 'brand-new-1');
    type('password-confirm', 'brand-new-2');
    await act(async () => fireEvent.click(screen.getByTestId('password-save')));
    expect(screen.getByText('Passwords do not match.')).toBeTruthy();
    type('password-new', '123');
    type('password-confirm', '123');
    await act(async () => fireEvent.click(screen.getByTestId('password-save')));
    expect(screen.getByText('Password must be at least 6 characters.')).toBeTruthy();
    expect(server.callsTo('POST /api/account/change-password')).toHaveLength(0);

    type('password-new', 'brand-new-1');
    type('password-confirm', 'brand-new-1');
    await act(async () => fireEvent.click(screen.getByTestId('password-save')));
    expect(await screen.findByText('The current password is not correct.')).toBeTruthy();
    // On the field it names, not in the form's alert.
    expect(screen.queryByTestId('password-form-error')).toBeNull();
    expect(await server.lastBody('POST /api/account/change-password')).toEqual({
      currentPassword: 'old-secret',
      newPassword: 'brand-new-1',
    });

    // The right current password: the session goes on with the answer's token (the old one is refused now).
    const fresh = makeJwt({
      sub: 'ayse@example.com',
      auth: 'ROLE_USER',
      ver: 1,
      exp: Math.floor(Date.now() / 1000) + 3600,
    });
    answer = ok(
      { token: fresh },
      'Your password has been changed; your other sessions have been logged out.',
    );
    type('password-current', 'Sel4mlar!x');
    await act(async () => fireEvent.click(screen.getByTestId('password-save')));
    expect(
      await screen.findByText('Your password has been changed; your other sessions have been logged out.'),
    ).toBeTruthy();
    expect(store.getState().session.authKey).toBe(fresh);
    expect(Cookies.get(AUTH_COOKIE)).toBe(fresh);
    expect(input('password-current').value).toBe('');
    expect(input('password-new').value).toBe('');
    // Later calls carry the fresh token.
    fireEvent.click(screen.getByTestId('account-save'));
    await waitFor(() => expect(server.callsTo('PUT /api/account/user')).toHaveLength(1));
    expect(server.callsTo('PUT /api/account/user')[0].headers.get('Authorization')).toBe(`Bearer ${fresh}`);
  });

  it('change password in Turkish', async () => {
    const server = gateway();
    server.routes['POST /api/account/change-password'] = () =>
      jsonResponse(
        { success: false, errors: [{ field: 'currentPassword', msg: 'Mevcut şifre doğru değil.' }] },
        422,
      );
    renderApp('/account', { token: token() });
    await screen.findByTestId('password-form');
    expect(screen.getByText('Şifre değiştir', { selector: 'h2' })).toBeTruthy();
    expect(screen.getByText('Mevcut şifre')).toBeTruthy();
    expect(screen.getByText('Yeni şifre (tekrar)')).toBeTruthy();
    expect(screen.getByText('Diğer oturumlarınız (diğer tarayıcı ve cihazlar) kapatılacak.')).toBeTruthy();
    type('password-current', 'old-secret');
    type('password-new', 'brand-new-1');
    type('password-confirm', 'brand-new-1');
    await act(async () => fireEvent.click(screen.getByTestId('password-save')));
    expect(await screen.findByText('Mevcut şifre doğru değil.')).toBeTruthy();
  });

  it('a server 422 on update is shown in the form', async () => {
    gateway();
    vi.mocked(fetch).mockImplementationOnce(async () =>
      jsonResponse({ success: true, data: { id: 5, firstName: 'Ayşe', lastName: 'Y', email: 'a@x.io' } }),
    );
    renderApp('/account', { token: token() });
    await waitFor(() => expect(input('account-first-name').value).toBe('Ayşe'));
    vi.mocked(fetch).mockImplementationOnce(async () =>
      jsonResponse({ success: false, errors: [{ field: 'phone', msg: 'Telefon geçersiz' }] }, 422),
    );
    type('account-last-name', 'Yılmaz');
    await act(async () => fireEvent.click(screen.getByTestId('account-save')));
    // The message names the phone field: it is shown under that field, not in the form's alert.
    expect(await screen.findByText('Telefon geçersiz')).toBeTruthy();
    expect(input('account-phone').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('account-form-error')).toBeNull();
  });

  it('422 messages for fields the form does not edit are joined in the form alert', async () => {
    gateway();
    renderApp('/account', { token: token() });
    await waitFor(() => expect(input('account-first-name').value).toBe('Ayşe'));
    vi.mocked(fetch).mockImplementationOnce(async () =>
      jsonResponse(
        {
          success: false,
          errors: [
            { field: 'email', msg: 'E-posta adresi değiştirilemez.' },
            { field: 'lastName', msg: 'Soyad geçersiz.' },
            { msg: 'Bir şey ters gitti' },
          ],
        },
        422,
      ),
    );
    await act(async () => fireEvent.click(screen.getByTestId('account-save')));
    expect((await screen.findByTestId('account-form-error')).textContent).toBe(
      'E-posta adresi değiştirilemez.\nBir şey ters gitti',
    );
    expect(screen.getByText('Soyad geçersiz.')).toBeTruthy();
    expect(input('account-last-name').getAttribute('aria-invalid')).toBe('true');
  });

  it('photo: a non-image is refused in the browser; a PNG is uploaded as multipart and shown in the navbar', async () => {
    const server = gateway();
    renderApp('/us/account', { token: token() });
    await screen.findByTestId('account-photo-input');
    expect(screen.queryByTestId('nav-avatar')).toBeNull();

    const fake = new File(['just text'], 'fake.png', { type: 'image/png' });
    await act(async () =>
      fireEvent.change(screen.getByTestId('account-photo-input'), { target: { files: [fake] } }),
    );
    expect((await screen.findByTestId('account-photo-error')).textContent).toBe(
      'Only JPG, GIF or PNG images can be uploaded.',
    );
    const big = new File([new Uint8Array([...PNG_HEAD, ...new Uint8Array(800 * 1024)])], 'big.png');
    await act(async () =>
      fireEvent.change(screen.getByTestId('account-photo-input'), { target: { files: [big] } }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('account-photo-error').textContent).toBe(
        'The photo is too large: at most 800 kB.',
      ),
    );
    expect(server.calls.filter((r) => r.url.endsWith('/api/account/photo'))).toHaveLength(0);

    const png = new File([new Uint8Array([...PNG_HEAD, 1, 2, 3])], 'me.png', { type: 'image/png' });
    await act(async () =>
      fireEvent.change(screen.getByTestId('account-photo-input'), { target: { files: [png] } }),
    );
    expect(await screen.findByTestId('account-photo-success')).toBeTruthy();
    const upload = server.calls.find((r) => r.url.endsWith('/api/account/photo'))!;
    expect(upload.method).toBe('POST');
    // multipart/form-data with the field `file`. (Under jsdom, Node's fetch does not see the bytes of
    // jsdom's File objects, so name and content are checked by the Playwright journey in a real browser.)
    expect(upload.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const raw = Buffer.from(await upload.arrayBuffer()).toString('latin1');
    expect(raw).toMatch(/Content-Disposition: form-data; name="file"; filename=/i);
    await waitFor(() =>
      expect(screen.getByTestId('nav-avatar').querySelector('img')?.getAttribute('src')).toBe(
        '/api/account/photo/5?v=1',
      ),
    );
  });

  it('photo: the server refusal is shown', async () => {
    gateway({
      photo: jsonResponse({ success: false, code: 'photoInvalidType', message: 'bad type' }, 422),
    });
    renderApp('/account', { token: token() });
    await screen.findByTestId('account-photo-input');
    const png = new File([new Uint8Array([...PNG_HEAD, 1])], 'me.png', { type: 'image/png' });
    await act(async () =>
      fireEvent.change(screen.getByTestId('account-photo-input'), { target: { files: [png] } }),
    );
    expect((await screen.findByTestId('account-photo-error')).textContent).toBe(
      'Yalnızca JPG, GIF veya PNG resimler yüklenebilir.',
    );
  });

  it('phone verification: send the code to the entered number, a wrong code, the right code → verified badge', async () => {
    const server = gateway();
    renderApp('/us/account', { token: token() });
    await screen.findByTestId('phone-unverified-badge');
    expect(input('phone-number').value).toBe('+905321234567');

    type('phone-number', '123');
    await act(async () => fireEvent.click(screen.getByTestId('phone-send')));
    // The rule's message is shown on the phone field (it was an alert under the form before).
    expect(screen.getByText('Phone number must have at least 10 digits.')).toBeTruthy();
    expect(input('phone-number').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('phone-error')).toBeNull();

    type('phone-number', '+90 532 111 22 33');
    await act(async () => fireEvent.click(screen.getByTestId('phone-send')));
    await screen.findByTestId('phone-code-step');
    const send = server.calls.find((r) => r.url.includes('send-verification-code'))!;
    expect(new URL(send.url).searchParams.get('gsm')).toBe('+90 532 111 22 33');
    expect((screen.getByTestId('phone-send') as HTMLButtonElement).disabled).toBe(true);

    await enterCode('phone-code', '111111');
    expect((await screen.findByTestId('phone-error')).textContent).toBe(
      'The code is not valid or has expired. Check it or send a new code.',
    );
    expect(screen.queryByTestId('phone-verified-badge')).toBeNull();

    await enterCode('phone-code', '246810');
    expect(await screen.findByTestId('phone-verified-badge')).toBeTruthy();
    expect(screen.queryByTestId('phone-code-step')).toBeNull();
    // The user was reloaded after the valid code.
    const userLoads = server.calls.filter((r) => r.url.endsWith('/api/account/user') && r.method === 'GET');
    expect(userLoads.length).toBeGreaterThanOrEqual(2);
  });

  it('phone verification: a number outside Turkey and the markets, and the hour’s SMS limits, are said in words (both locales)', async () => {
    const server = gateway({
      sendCode: () =>
        jsonResponse(
          {
            success: false,
            status: 422,
            code: 'phoneCountryNotAllowed',
            // As the gateway answers: the catalogue's text in the request's language.
            message:
              'Codes are sent only to phone numbers of Turkey and of the countries of ShelfScan’s markets.',
            errors: [
              {
                field: 'gsm',
                msg: 'Codes are sent only to phone numbers of Turkey and of the countries of ShelfScan’s markets.',
              },
            ],
          },
          422,
        ),
    });
    const en = renderApp('/us/account', { token: token() });
    await screen.findByTestId('phone-unverified-badge');
    type('phone-number', '+1 900 234 5678');
    await act(async () => fireEvent.click(screen.getByTestId('phone-send')));
    expect(
      await screen.findByText(
        'Codes are sent only to phone numbers of Turkey and of the countries of ShelfScan’s markets.',
      ),
    ).toBeTruthy();
    server.sendCode = () =>
      new Response(JSON.stringify({ success: false, status: 429, code: 'smsNumberTooMany', message: 'x' }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '3300' },
      });
    type('phone-number', '+90 532 111 22 33');
    await act(async () => fireEvent.click(screen.getByTestId('phone-send')));
    await waitFor(() =>
      expect(screen.getByTestId('phone-error').textContent).toBe(
        'Too many codes have been sent to this number in the last hour. Please try again later.',
      ),
    );
    // No hour-long countdown on the button: another number may be tried.
    expect((screen.getByTestId('phone-send') as HTMLButtonElement).disabled).toBe(false);
    en.unmount();

    server.sendCode = () =>
      jsonResponse({ success: false, status: 429, code: 'smsTooMany', message: 'x' }, 429);
    renderApp('/account', { token: token() });
    await screen.findByTestId('phone-unverified-badge');
    await act(async () => fireEvent.click(screen.getByTestId('phone-send')));
    await waitFor(() =>
      expect(screen.getByTestId('phone-error').textContent).toBe(
        'Şu anda kod gönderilemiyor. Lütfen daha sonra tekrar deneyin.',
      ),
    );
  });

  it('my plans: the plans of the billing API with status, dates and renewal, in Turkish', async () => {
    gateway({
      plans: [
        userPlan({
          id: 'p1',
          features: ['standard', 'deep'],
          status: 'cancelled',
          startDate: '2026-11-20',
          endDate: '2026-12-01',
          autoRenew: false,
        }),
        userPlan({
          id: 'p0',
          features: ['standard', 'deep', 'functional'],
          trial: true,
          status: 'inactive',
          startDate: '2026-11-01T09:00:00.000Z',
          endDate: '2026-11-02T09:00:00.000Z',
          autoRenew: false,
        }),
      ],
    });
    renderApp('/account', { token: token() });
    const list = await screen.findByTestId('account-plans');
    const plans = list.querySelectorAll('[data-testid="user-plan"]');
    expect(plans).toHaveLength(2);
    expect(plans[0].querySelector('[data-testid="user-plan-features"]')?.textContent).toBe('Standart, Derin');
    expect(plans[0].querySelector('[data-testid="user-plan-status"]')?.textContent).toBe('İptal edildi');
    expect(plans[0].querySelector('[data-testid="user-plan-end"]')?.textContent).toBe('1 Ara 26');
    expect(plans[0].querySelector('[data-testid="user-plan-renew"]')?.textContent).toBe('Yenilenmez');
    expect(plans[1].textContent).toContain('Ücretsiz deneme');
    expect(plans[1].querySelector('[data-testid="user-plan-status"]')?.textContent).toBe('Pasif');
    expect(screen.getByTestId('account-manage-plans').getAttribute('href')).toBe('/payment');
  });
});
