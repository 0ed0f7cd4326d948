import { formatMessage } from '@shelfscan/messages';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userToken } from '../../../test/jwt';
import { account } from '../../../test/fixtures';
import { fakeGateway, type FakeGateway, jsonResponse, ok } from '../../../test/gateway';
import { renderApp } from '../../../test/render';
import type { ApiToken } from '../api/accountApi';

const TOKEN = `ss_${'q'.repeat(43)}`;
/** Waits long enough for a loaded machine (the page renders the whole app). */
const SLOW = { timeout: 5000 };

interface Server extends FakeGateway {
  tokens: ApiToken[];
  /** The answer to a creation, when not a success. */
  refuse?: () => Response;
}

/** The account page's gateway, with the API tokens routes over `tokens`. */
function gateway(tokens: ApiToken[] = []): Server {
  const server: Server = Object.assign(
    fakeGateway({
      'GET /api/account/user': () => ok(account()),
      'GET /api/user-plan': () => ok([]),
      'GET /api/account/tokens': () => ok(server.tokens),
      'POST /api/account/tokens': async (request) => {
        if (server.refuse) return server.refuse();
        const body = (await request.json()) as { name: string; scopes: string[]; expiresAt?: string };
        const created = {
          id: `t${server.tokens.length + 1}`,
          name: body.name,
          scopes: body.scopes,
          createdAt: new Date().toISOString(),
          expiresAt: body.expiresAt ?? null,
          lastUsedAt: null,
        };
        server.tokens = [created, ...server.tokens];
        return ok({ ...created, token: TOKEN });
      },
      'DELETE /api/account/tokens/:id': (_request, _url, { id }) => {
        server.tokens = server.tokens.filter((t) => t.id !== id);
        return jsonResponse({ success: true, message: 'revoked' });
      },
    }),
    { tokens },
  );
  return server;
}

const input = (testId: string) => {
  const el = screen.getByTestId(testId);
  return (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;
};

describe('account page: API tokens', () => {
  it('checks the form in the browser, shows the new token once, lists it without it (English)', async () => {
    const server = gateway();
    renderApp('/us/account', { token: userToken('ayse@example.com') });
    expect((await screen.findByTestId('api-tokens-none', {}, SLOW)).textContent).toBe(
      'You have no API tokens.',
    );

    await act(async () => fireEvent.click(screen.getByTestId('api-token-create')));
    const form = screen.getByTestId('api-token-form');
    expect(form.textContent).toContain('This is required.');
    expect(form.textContent).toContain('Choose at least one scope.');
    expect(server.callsTo('POST /api/account/tokens')).toHaveLength(0);

    fireEvent.change(input('api-token-name'), { target: { value: 'Nightly export' } });
    fireEvent.click(input('api-token-scope-scans:read'));
    fireEvent.click(input('api-token-scope-scans:write'));
    const before = Date.now();
    await act(async () => fireEvent.click(screen.getByTestId('api-token-create')));
    await waitFor(() => expect(server.callsTo('POST /api/account/tokens')).toHaveLength(1), SLOW);
    const body = (await server.lastBody('POST /api/account/tokens')) as {
      name: string;
      scopes: string[];
      expiresAt: string;
    };
    expect({ name: body.name, scopes: body.scopes }).toEqual({
      name: 'Nightly export',
      scopes: ['scans:read', 'scans:write'],
    });
    // The default lifetime: 90 days from now.
    expect(Date.parse(body.expiresAt) - before).toBeGreaterThanOrEqual(90 * 86_400_000);
    expect(Date.parse(body.expiresAt) - Date.now()).toBeLessThanOrEqual(90 * 86_400_000);

    expect((await screen.findByTestId('api-token-value', {}, SLOW)).textContent).toBe(TOKEN);
    expect(screen.getByTestId('api-token-created').textContent).toContain('it is shown only once');
    const row = await screen.findByTestId('api-token-row', {}, SLOW);
    expect(row.textContent).toContain('Nightly export');
    expect(row.textContent).toContain('scans:write');
    expect(within(row).getByTestId('api-token-last-used').textContent).toBe('Not used yet');
    expect(input('api-token-name').value).toBe('');

    fireEvent.click(screen.getByTestId('api-token-hide'));
    expect(screen.queryByTestId('api-token-value')).toBeNull();
    expect(document.body.textContent).not.toContain(TOKEN);
  });

  it('lists tokens with expiry and last use, revokes one, and says a refusal in Turkish', async () => {
    const server = gateway([
      {
        id: 'a',
        name: 'Rapor betiği',
        scopes: ['scans:read'],
        createdAt: '2026-11-01T09:00:00.000Z',
        expiresAt: null,
        lastUsedAt: null,
      },
      {
        id: 'b',
        name: 'Eski',
        scopes: ['scans:write'],
        createdAt: '2026-10-01T09:00:00.000Z',
        expiresAt: '2026-12-01T09:00:00.000Z',
        lastUsedAt: '2026-11-20T09:00:00.000Z',
      },
    ]);
    renderApp('/account', { token: userToken('ayse@example.com') });
    const rows = await screen.findAllByTestId('api-token-row', {}, SLOW);
    expect(rows).toHaveLength(2);
    expect(rows[0].textContent).toContain('Süresiz');
    expect(within(rows[0]).getByTestId('api-token-last-used').textContent).toBe('Henüz kullanılmadı');
    expect(within(rows[1]).getByTestId('api-token-last-used').textContent).toMatch(/^20 Kas 26/);
    expect(screen.getByTestId('api-token-form').textContent).toContain('Yetkiler');
    expect(screen.getByTestId('api-token-form').textContent).toContain('taramalarımı okuma ve indirme');

    await act(async () => fireEvent.click(within(rows[1]).getByTestId('api-token-revoke')));
    await waitFor(() => expect(screen.getAllByTestId('api-token-row')).toHaveLength(1));
    expect(server.callsTo('DELETE /api/account/tokens/b')).toHaveLength(1);

    server.refuse = () =>
      jsonResponse(
        {
          success: false,
          status: 409,
          code: 'apiTokenTooMany',
          // As the gateway words it in the request's language.
          message: formatMessage('tr', 'apiTokenTooMany', { detail: '20' }),
        },
        409,
      );
    fireEvent.change(input('api-token-name'), { target: { value: 'Bir tane daha' } });
    fireEvent.click(input('api-token-scope-scans:read'));
    await act(async () => fireEvent.click(screen.getByTestId('api-token-create')));
    expect((await screen.findByTestId('api-token-error', {}, SLOW)).textContent).toBe(
      '20 API anahtarınız var; bir hesabın en fazla bu kadar anahtarı olabilir. Önce birini iptal edin.',
    );

    server.refuse = () =>
      jsonResponse(
        {
          success: false,
          status: 422,
          message: 'Bu alan çok uzun.',
          errors: [{ field: 'name', msg: 'Bu alan çok uzun.' }],
        },
        422,
      );
    await act(async () => fireEvent.click(screen.getByTestId('api-token-create')));
    await waitFor(() =>
      expect(screen.getByTestId('api-token-form').textContent).toContain('Bu alan çok uzun.'),
    );
  });
});
