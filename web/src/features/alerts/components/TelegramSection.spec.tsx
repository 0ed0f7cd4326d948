import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userToken } from '../../../test/jwt';
import { account } from '../../../test/fixtures';
import { fakeGateway, jsonResponse, ok } from '../../../test/gateway';
import { renderApp } from '../../../test/render';
import type { TelegramState } from '../api/alertsApi';

/** The account page's gateway with the Telegram routes; `state` is what GET answers. */
function gateway(state: TelegramState) {
  const server: ReturnType<typeof fakeGateway> & { state: TelegramState } = Object.assign(
    fakeGateway({
      'GET /api/account/user': () => ok(account()),
      'GET /api/user-plan': () => ok([]),
      'GET /api/account/tokens': () => ok([]),
      'GET /api/webhooks': () => ok([]),
      'GET /api/account/telegram': () => ok(server.state),
      'POST /api/account/telegram/link': () =>
        ok({
          code: 'Abc123_xyz',
          deepLink: 'https://t.me/shelfscan_bot?start=Abc123_xyz',
          expiresAt: '2030-01-15T09:15:00.000Z',
        }),
      'DELETE /api/account/telegram': () => {
        server.state = { ...server.state, linked: false, chatName: null, linkedAt: null };
        return jsonResponse({ success: true, message: 'unlinked' });
      },
    }),
    { state },
  );
  return server;
}

const token = () => userToken('ayse@example.com');
const configured: TelegramState = {
  configured: true,
  linked: false,
  chatName: null,
  linkedAt: null,
  botUsername: 'shelfscan_bot',
};

describe('account page: Telegram', () => {
  it('says Telegram is not configured when the server has no bot (Turkish page)', async () => {
    const server = gateway({ ...configured, configured: false, botUsername: null });
    renderApp('/account', { token: token() });
    expect((await screen.findByTestId('telegram-not-configured')).textContent).toBe(
      'Bu ShelfScan kurulumunda Telegram yapılandırılmamış.',
    );
    expect(screen.queryByTestId('telegram-link')).toBeNull();
    expect(server.callsTo('POST /api/account/telegram/link')).toHaveLength(0);
  });

  it('links with a one-time code (deep link and /start), waits for the bot, then shows the chat and unlinks', async () => {
    const server = gateway(configured);
    renderApp('/us/account', { token: token() });
    await act(async () => fireEvent.click(await screen.findByTestId('telegram-link')));
    expect(server.callsTo('POST /api/account/telegram/link')).toHaveLength(1);
    expect((await screen.findByTestId('telegram-deep-link')).getAttribute('href')).toBe(
      'https://t.me/shelfscan_bot?start=Abc123_xyz',
    );
    expect(screen.getByTestId('telegram-code').textContent).toBe('/start Abc123_xyz');
    expect(screen.getByText(/Waiting for your message/)).toBeTruthy();
    // The user sends /start to the bot: the next poll sees the link.
    const before = server.callsTo('GET /api/account/telegram').length;
    server.state = { ...configured, linked: true, chatName: 'Ayşe', linkedAt: '2030-01-15T09:01:00.000Z' };
    await waitFor(() => expect(screen.getByTestId('telegram-status').textContent).toBe('Linked'), {
      timeout: 8000,
    });
    expect(server.callsTo('GET /api/account/telegram').length).toBeGreaterThan(before);
    expect(screen.getByTestId('telegram-chat').textContent).toContain('Ayşe');
    await act(async () => fireEvent.click(screen.getByTestId('telegram-unlink')));
    await waitFor(() => expect(server.callsTo('DELETE /api/account/telegram')).toHaveLength(1));
    expect(await screen.findByTestId('telegram-link')).toBeTruthy();
  });
});
