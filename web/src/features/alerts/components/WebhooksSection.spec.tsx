import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userToken } from '../../../test/jwt';
import { account } from '../../../test/fixtures';
import { fakeGateway, jsonResponse, ok, type FakeGateway } from '../../../test/gateway';
import { renderApp } from '../../../test/render';
import type { Webhook, WebhookDelivery } from '../api/alertsApi';

const input = (testId: string) => {
  const el = screen.getByTestId(testId);
  return (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;
};

const hook = (over: Partial<Webhook> = {}): Webhook => ({
  id: '0b7f6c9e-0000-4000-8000-000000000001',
  url: 'https://hooks.example.com/in',
  events: ['tracker.changed'],
  description: 'CRM',
  enabled: true,
  createdAt: '2030-01-15T09:00:00.000Z',
  disabledAt: null,
  ...over,
});

const delivery = (over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 'd1',
  event: 'tracker.changed',
  status: 'delivered',
  attempts: 1,
  responseCode: 200,
  error: null,
  createdAt: '2030-01-15T09:00:00.000Z',
  lastAttemptAt: '2030-01-15T09:00:01.000Z',
  nextAttemptAt: null,
  deliveredAt: '2030-01-15T09:00:01.000Z',
  ...over,
});

interface Server extends FakeGateway {
  hooks: Webhook[];
  deliveries: WebhookDelivery[];
  create?: () => Response;
}

/** The account page's gateway with the webhook routes, kept in `hooks`. */
function gateway(hooks: Webhook[] = []): Server {
  const server: Server = Object.assign(
    fakeGateway({
      'GET /api/account/user': () => ok(account()),
      'GET /api/user-plan': () => ok([]),
      'GET /api/account/tokens': () => ok([]),
      'GET /api/webhooks': () => ok(server.hooks),
      'POST /api/webhooks': async (request) => {
        if (server.create) return server.create();
        const body = (await request.json()) as Pick<Webhook, 'url' | 'events'>;
        const created = hook({ id: 'new-1', url: body.url, events: body.events, description: '' });
        server.hooks = [...server.hooks, created];
        return ok({ ...created, secret: 'whsec_shown_once' });
      },
      'DELETE /api/webhooks/:id': (_r, _u, { id }) => {
        server.hooks = server.hooks.filter((h) => h.id !== id);
        return jsonResponse({ success: true, message: 'deleted' });
      },
      'GET /api/webhooks/:id/deliveries': () => ok(server.deliveries),
      'POST /api/webhooks/:id/test': () => {
        const test = delivery({
          id: 't1',
          event: 'webhook.test',
          status: 'pending',
          attempts: 0,
          responseCode: null,
        });
        server.deliveries = [test, ...server.deliveries];
        return ok(test);
      },
    }),
    { hooks, deliveries: [] as WebhookDelivery[] },
  );
  return server;
}

const token = () => userToken('ayse@example.com');

describe('account page: webhooks', () => {
  it('lists my webhooks with their events and status, adds one and shows its secret once', async () => {
    const server = gateway([
      hook(),
      hook({
        id: '0b7f6c9e-0000-4000-8000-000000000002',
        url: 'https://down.example.com/x',
        events: ['scan.completed'],
        enabled: false,
        disabledAt: '2030-01-16T09:00:00.000Z',
      }),
    ]);
    renderApp('/us/account', { token: token() });
    const first = await screen.findByTestId('webhook-0b7f6c9e-0000-4000-8000-000000000001');
    expect(within(first).getByText('https://hooks.example.com/in')).toBeTruthy();
    expect(within(first).getByText('tracker.changed')).toBeTruthy();
    expect(within(first).getByTestId('webhook-status').textContent).toBe('Active');
    const second = screen.getByTestId('webhook-0b7f6c9e-0000-4000-8000-000000000002');
    expect(within(second).getByTestId('webhook-status').textContent).toBe('Disabled');
    expect(within(second).getByTestId('webhook-disabled-note').textContent).toContain(
      'after a day of failed deliveries',
    );

    // An empty URL stops in the browser.
    await act(async () => fireEvent.click(screen.getByTestId('webhook-add')));
    expect(input('webhook-url').getAttribute('aria-invalid')).toBe('true');
    expect(server.callsTo('POST /api/webhooks')).toHaveLength(0);

    fireEvent.change(input('webhook-url'), { target: { value: 'https://erp.example.com/hook' } });
    fireEvent.click(input('webhook-event-scan.completed'));
    await act(async () => fireEvent.click(screen.getByTestId('webhook-add')));
    await waitFor(() => expect(server.callsTo('POST /api/webhooks')).toHaveLength(1));
    expect(await server.lastBody('POST /api/webhooks')).toEqual({
      url: 'https://erp.example.com/hook',
      events: ['tracker.changed', 'scan.completed'],
    });
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe('whsec_shown_once');
    expect(screen.getByText(/it is shown only once/)).toBeTruthy();
    expect(screen.getByTestId('webhook-secret-copy').textContent).toBe('Copy');
    await act(async () => fireEvent.click(screen.getByTestId('webhook-secret-close')));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());
    expect(await screen.findByTestId('webhook-new-1')).toBeTruthy();
    expect(input('webhook-url').value).toBe('');
  });

  it('puts the server’s refusal on the URL field, in Turkish on the Turkish page', async () => {
    const server = gateway();
    server.create = () =>
      jsonResponse(
        {
          success: false,
          message: 'Adres özel, yerel ya da iç ağda değil, herkese açık internette olmalı.',
          errors: [
            { field: 'url', msg: 'Adres özel, yerel ya da iç ağda değil, herkese açık internette olmalı.' },
          ],
        },
        422,
      );
    renderApp('/account', { token: token() });
    expect(await screen.findByTestId('webhooks-empty')).toBeTruthy();
    expect(screen.getByText("Webhook'lar", { selector: 'h2' })).toBeTruthy();
    fireEvent.change(input('webhook-url'), { target: { value: 'https://10.0.0.5/hook' } });
    await act(async () => fireEvent.click(screen.getByTestId('webhook-add')));
    expect(
      await screen.findByText('Adres özel, yerel ya da iç ağda değil, herkese açık internette olmalı.'),
    ).toBeTruthy();
    expect(input('webhook-url').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
  });

  it('shows the delivery log, sends a test event, and deletes only after the confirmation', async () => {
    const server = gateway([hook()]);
    server.deliveries = [
      delivery(),
      delivery({
        id: 'd2',
        status: 'pending',
        attempts: 3,
        responseCode: 500,
        nextAttemptAt: '2030-01-15T09:10:00.000Z',
      }),
      delivery({
        id: 'd3',
        status: 'failed',
        attempts: 30,
        responseCode: null,
        error: 'no answer within 10 s',
      }),
    ];
    renderApp('/us/account', { token: token() });
    const item = await screen.findByTestId('webhook-0b7f6c9e-0000-4000-8000-000000000001');
    await act(async () => fireEvent.click(within(item).getByTestId('webhook-log-toggle')));
    const rows = await within(item).findAllByTestId('webhook-delivery');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Delivered200'),
      expect.stringMatching(/Retrying.*next try.*5003$/),
      expect.stringContaining('Failedno answer30'),
    ]);

    await act(async () => fireEvent.click(within(item).getByTestId('webhook-test')));
    await waitFor(() => expect(server.callsTo('POST /api/webhooks/:id/test')).toHaveLength(1));
    expect(await screen.findByText('A test event is on its way.')).toBeTruthy();
    await waitFor(() => expect(within(item).getAllByTestId('webhook-delivery')).toHaveLength(4));

    await act(async () => fireEvent.click(within(item).getByTestId('webhook-delete')));
    const dialog = await screen.findByTestId('webhook-delete-dialog');
    expect(within(dialog).getByText(/Delete the webhook for https:\/\/hooks.example.com\/in\?/)).toBeTruthy();
    expect(server.callsTo('DELETE /api/webhooks/:id')).toHaveLength(0);
    await act(async () => fireEvent.click(screen.getByTestId('webhook-delete-confirm')));
    await waitFor(() => expect(server.callsTo('DELETE /api/webhooks/:id')).toHaveLength(1));
    expect(await screen.findByTestId('webhooks-empty')).toBeTruthy();
  });
  it('an empty delivery log says what to do next, in both languages', async () => {
    gateway([hook()]);
    const english = renderApp('/us/account', { token: token() });
    let item = await screen.findByTestId('webhook-0b7f6c9e-0000-4000-8000-000000000001');
    await act(async () => fireEvent.click(within(item).getByTestId('webhook-log-toggle')));
    expect(await within(item).findByTestId('webhook-log-empty')).toHaveProperty(
      'textContent',
      'No deliveries to show. Send a test event to check that your URL answers; the events you chose appear here as they are sent (old ones are removed after a while).',
    );
    english.unmount();
    renderApp('/account', { token: token() });
    item = await screen.findByTestId('webhook-0b7f6c9e-0000-4000-8000-000000000001');
    await act(async () => fireEvent.click(within(item).getByTestId('webhook-log-toggle')));
    expect(await within(item).findByTestId('webhook-log-empty')).toHaveProperty(
      'textContent',
      'Gösterilecek gönderim yok. Adresinizin yanıt verdiğini görmek için bir test olayı gönderin; seçtiğiniz olaylar gönderildikçe burada görünür (eskiler bir süre sonra silinir).',
    );
    expect(within(item).getByTestId('webhook-test').textContent).toBe('Test olayı gönder');
  });
});
