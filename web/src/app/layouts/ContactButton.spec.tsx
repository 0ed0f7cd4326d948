import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { userToken } from '../../test/jwt';
import { account, contactInfo } from '../../test/fixtures';
import { type Answer, fakeGateway, jsonResponse, ok } from '../../test/gateway';
import { mediaQueryList } from '../../test/media';
import { renderApp } from '../../test/render';

/** The current user, the contact details and the contact form's endpoint; any other call finds nothing. */
function gateway(contact: Answer, info: Answer = () => ok(contactInfo({ whatsapp: '+90 532 123 45 67' }))) {
  const server = fakeGateway({
    'GET /api/account/user': () =>
      ok(account({ phone: undefined, phoneVerified: undefined, userPlans: undefined })),
    'GET /api/contact-info': info,
    'POST /api/contact': contact,
    '*': () => jsonResponse({ success: true, data: [] }),
  });
  return { posts: () => server.callsTo('POST /api/contact') };
}

const field = (testId: string) => {
  const el = screen.getByTestId(testId);
  return (
    el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' ? el : el.querySelector('input,textarea')
  ) as HTMLInputElement;
};

async function openForm() {
  await act(async () => fireEvent.click(await screen.findByTestId('contact-button')));
  await act(async () => fireEvent.click(await screen.findByTestId('contact-form-open')));
  await screen.findByTestId('contact-form');
  await waitFor(() => expect(field('contact-email').value).toBe('ayse@example.com'));
}

describe('contact button', () => {
  // The button is a lazy chunk of the layout: its first import (transformed on demand under vitest)
  // is not what these tests time.
  beforeAll(async () => {
    await import('./ContactButton');
  });

  it('offers WhatsApp on the number of the system parameters', async () => {
    gateway(() => jsonResponse({ success: true }));
    renderApp('/us/account', { token: userToken('ayse@example.com') });
    await act(async () => fireEvent.click(await screen.findByTestId('contact-button')));
    await waitFor(() =>
      expect(screen.getByTestId('contact-whatsapp').getAttribute('href')).toMatch(
        /^https:\/\/wa\.me\/905321234567\?text=/,
      ),
    );
    expect(screen.getByText('help@shelfscan.test')).toBeTruthy();
  });

  it('keeps the build’s WhatsApp number when contact-info does not answer', async () => {
    gateway(
      () => jsonResponse({ success: true }),
      () => jsonResponse({ success: false, message: 'not found' }, 404),
    );
    const app = renderApp('/account', { token: userToken('ayse@example.com') });
    await act(async () => fireEvent.click(await screen.findByTestId('contact-button')));
    expect(screen.getByTestId('contact-whatsapp').getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/905000000000\?/,
    );
    expect(app.location()).toBe('/account');
  });

  it('name and email are the account’s and read-only; send waits for subject and message; success toast (English)', async () => {
    const server = gateway(() =>
      jsonResponse({
        success: true,
        message: 'Your message has been sent. We will get back to you soon.',
        data: { id: 'm1' },
      }),
    );
    renderApp('/us/account', { token: userToken('ayse@example.com') });
    await openForm();
    expect(field('contact-name').value).toBe('Ayşe Yılmaz');
    expect(field('contact-name').readOnly).toBe(true);
    expect(field('contact-email').readOnly).toBe(true);
    const send = screen.getByTestId('contact-send') as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(field('contact-subject'), { target: { value: 'Invoice' } });
    expect(send.disabled).toBe(true);
    fireEvent.change(field('contact-message'), { target: { value: '   ' } });
    expect(send.disabled).toBe(true);
    fireEvent.change(field('contact-message'), { target: { value: 'I cannot see my invoice.' } });
    expect(send.disabled).toBe(false);
    await act(async () => fireEvent.click(send));
    expect(await screen.findByText('Your message has been sent. We will get back to you soon.')).toBeTruthy();
    expect(await server.posts()[0].json()).toEqual({
      contactSubject: 'Invoice',
      contactTitle: 'I cannot see my invoice.',
      contactName: 'Ayşe Yılmaz',
      contactMail: 'ayse@example.com',
    });
    await waitFor(() => expect(screen.queryByTestId('contact-form')).toBeNull());
  });

  it('a 429 shows the wait and keeps send disabled; the answer’s text is the error toast (Turkish)', async () => {
    gateway(
      () =>
        new Response(
          JSON.stringify({
            success: false,
            code: 'contactTooMany',
            message: 'Çok fazla mesaj gönderdiniz; lütfen daha sonra tekrar deneyin.',
          }),
          { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '3540' } },
        ),
    );
    renderApp('/account', { token: userToken('ayse@example.com') });
    await openForm();
    fireEvent.change(field('contact-subject'), { target: { value: 'Fatura' } });
    fireEvent.change(field('contact-message'), { target: { value: 'Faturamı göremiyorum.' } });
    await act(async () => fireEvent.click(screen.getByTestId('contact-send')));
    expect(await screen.findByTestId('contact-wait')).toHaveProperty(
      'textContent',
      expect.stringMatching(/Sonrakini (59:00|58:5\d) sonra gönderebilirsiniz\./),
    );
    expect(screen.getByText('Çok fazla mesaj gönderdiniz; lütfen daha sonra tekrar deneyin.')).toBeTruthy();
    expect((screen.getByTestId('contact-send') as HTMLButtonElement).disabled).toBe(true);
  });

  it('a 422 lands on its field', async () => {
    gateway(() =>
      jsonResponse(
        { success: false, errors: [{ field: 'contactSubject', msg: 'Çok uzun (konu en fazla 200).' }] },
        422,
      ),
    );
    renderApp('/account', { token: userToken('ayse@example.com') });
    await openForm();
    fireEvent.change(field('contact-subject'), { target: { value: 'Fatura' } });
    fireEvent.change(field('contact-message'), { target: { value: 'Merhaba' } });
    await act(async () => fireEvent.click(screen.getByTestId('contact-send')));
    await waitFor(() => expect(field('contact-subject').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.queryByTestId('contact-error')).toBeNull();
  });

  it.each([
    [390, true],
    [991, true],
    // At the md breakpoint itself the header's small-screen group is hidden (Mantine's hiddenFrom):
    // the button floats, or it would be nowhere.
    [992, false],
    [1280, false],
  ])('at %i px it sits in the header: %s', async (width, inHeader) => {
    gateway(() => jsonResponse({ success: true }));
    // The window's width, as a browser answers the (max-width: …) queries.
    vi.stubGlobal('matchMedia', (query: string) => {
      const m = /max-width:\s*([\d.]+)(em|px)/.exec(query);
      const max = m ? Number(m[1]) * (m[2] === 'em' ? 16 : 1) : Number.NaN;
      return mediaQueryList(query, width <= max);
    });
    renderApp('/us/account', { token: userToken('ayse@example.com') });
    await screen.findByTestId('contact-button');
    await waitFor(() =>
      expect(Boolean(screen.getByTestId('contact-button').closest('.mantine-hidden-from-md'))).toBe(inHeader),
    );
  });

  it('is not shown to visitors', async () => {
    gateway(() => jsonResponse({ success: true }));
    renderApp('/us');
    await screen.findByTestId('lang-switch');
    expect(screen.queryByTestId('contact-button')).toBeNull();
  });
});
