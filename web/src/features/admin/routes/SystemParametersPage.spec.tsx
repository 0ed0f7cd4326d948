import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../../test/jwt';
import { renderApp } from '../../../test/render';
import type { SystemParameter } from '../model';
import { jsonResponse, ok, pageResponse } from '../../../test/gateway';
import { adminGateway, input } from '../test/gateway';

// The lazy admin chunk is compiled once before the tests wait for what it renders.
beforeAll(() => import('./AdminPage'), 60_000);

const token = () => adminToken('admin@example.com');
const p = (key: string, value1: string, description = `About ${key}`): SystemParameter => ({
  key,
  description,
  value1,
  value2: '',
  value3: '',
});
const LIST = [
  p('search.standard.dailyLimit', '15'),
  p('billing.vatPercent', '20'),
  p('billing.seller', 'ShelfScan'),
  p('contact.whatsapp', '+900000000000'),
];

describe('admin system parameters', () => {
  it('edits the whole list; numbers are checked by key before sending; saves with the toast (English)', async () => {
    let saved = LIST;
    const server = adminGateway({
      'GET /api/system-parameter': () => ok(saved),
      'PUT /api/system-parameter': async (request) => {
        saved = (await request.json()) as SystemParameter[];
        return ok(saved, 'Change has been saved.');
      },
      'GET /api/admin/system-parameter/changes': () => pageResponse([]),
    });
    renderApp('/us/admin/system-parameters', { token: token() });
    await screen.findByTestId('parameters-form');
    expect(screen.getByText('No change has been saved yet.')).toBeTruthy();
    const limit = input('parameter-search.standard.dailyLimit-value1');
    expect(limit.value).toBe('15');
    // What is typed stays as typed (never rewritten): "-5" is not saved as 5, it is refused.
    fireEvent.change(limit, { target: { value: '-5' } });
    expect(limit.value).toBe('-5');
    await act(async () => fireEvent.click(screen.getByTestId('parameters-save')));
    expect(limit.value).toBe('-5');
    expect(screen.getByText('Must be a whole number (0 or more).')).toBeTruthy();
    expect(server.callsTo('PUT /api/system-parameter')).toHaveLength(0);
    fireEvent.change(limit, { target: { value: 'fifteen' } });
    expect(limit.value).toBe('fifteen');

    fireEvent.change(input('parameter-billing.vatPercent-value1'), { target: { value: '120' } });
    fireEvent.change(input('parameter-contact.whatsapp-value1'), { target: { value: '0532' } });
    fireEvent.change(input('parameter-billing.seller-value1'), { target: { value: ' ' } });
    await act(async () => fireEvent.click(screen.getByTestId('parameters-save')));
    expect(screen.getByText('Must be at most 100.')).toBeTruthy();
    expect(screen.getByText('A phone number in international form, e.g. +905321234567.')).toBeTruthy();
    expect(screen.getByText('This value is required.')).toBeTruthy();
    expect(server.callsTo('PUT /api/system-parameter')).toHaveLength(0);

    fireEvent.change(input('parameter-search.standard.dailyLimit-value1'), { target: { value: '16' } });
    fireEvent.change(input('parameter-billing.vatPercent-value1'), { target: { value: '18.5' } });
    fireEvent.change(input('parameter-contact.whatsapp-value1'), { target: { value: '+905321234567' } });
    fireEvent.change(input('parameter-billing.seller-value1'), { target: { value: 'ShelfScan Ltd' } });
    fireEvent.change(input('parameter-billing.seller-value2'), { target: { value: 'İstanbul' } });
    await act(async () => fireEvent.click(screen.getByTestId('parameters-save')));
    await waitFor(() => expect(server.callsTo('PUT /api/system-parameter')).toHaveLength(1));
    expect(await server.lastBody('PUT /api/system-parameter')).toEqual([
      p('search.standard.dailyLimit', '16'),
      p('billing.vatPercent', '18.5'),
      { ...p('billing.seller', 'ShelfScan Ltd'), value2: 'İstanbul' },
      p('contact.whatsapp', '+905321234567'),
    ]);
    expect(await screen.findByText('Change has been saved.')).toBeTruthy();
  });

  it('puts the server’s per-item 422 on the right field, the others in the alert (Turkish)', async () => {
    const server = adminGateway({
      'GET /api/system-parameter': () => ok(LIST),
      'PUT /api/system-parameter': () =>
        jsonResponse(
          {
            success: false,
            code: 'systemParametersInvalid',
            errors: [
              { field: 'parameters[0].value1', msg: 'Tam sayı olmalıdır (0 ya da daha büyük).' },
              { field: 'parameters[2].description', msg: 'Bu değer bir metin olmalıdır.' },
              { field: 'parameters.billing.dunningDays', msg: 'Bu parametre listede yok.' },
            ],
          },
          422,
        ),
      'GET /api/admin/system-parameter/changes': () => pageResponse([]),
    });
    renderApp('/admin/system-parameters', { token: token() });
    await screen.findByTestId('parameters-form');
    await act(async () => fireEvent.click(screen.getByTestId('parameters-save')));
    await waitFor(() => expect(server.callsTo('PUT /api/system-parameter')).toHaveLength(1));
    const limitRow = screen.getByTestId('parameter-search.standard.dailyLimit');
    expect(await within(limitRow).findByText('Tam sayı olmalıdır (0 ya da daha büyük).')).toBeTruthy();
    expect(input('parameter-search.standard.dailyLimit-value1').getAttribute('aria-invalid')).toBe('true');
    expect(
      within(screen.getByTestId('parameter-billing.seller')).getByText('Bu değer bir metin olmalıdır.'),
    ).toBeTruthy();
    expect(screen.getByTestId('parameters-error').textContent).toBe('Bu parametre listede yok.');
    // Typing in the field clears its error.
    fireEvent.change(input('parameter-search.standard.dailyLimit-value1'), { target: { value: '14' } });
    expect(input('parameter-search.standard.dailyLimit-value1').getAttribute('aria-invalid')).not.toBe(
      'true',
    );
  });

  it('refuses a negative daily limit or fee as typed, with the field’s message (Turkish)', async () => {
    const server = adminGateway({
      'GET /api/system-parameter': () => ok(LIST),
      'GET /api/admin/system-parameter/changes': () => pageResponse([]),
    });
    renderApp('/admin/system-parameters', { token: token() });
    await screen.findByTestId('parameters-form');
    // What each key means, in Turkish (not the stored English description).
    expect(screen.getByTestId('parameter-search.standard.dailyLimit-description').textContent).toBe(
      'Bir kullanıcının günde başlatabileceği Standart arama sayısı (Fonksiyonel aramalar da buna sayılır)',
    );
    expect(screen.getByTestId('parameter-billing.vatPercent-description').textContent).toBe(
      'Toplama dahil KDV oranı, yüzde',
    );
    // Number keys bring the phone's number pad to value1 only (value2/3 are the key's free texts).
    expect(input('parameter-search.standard.dailyLimit-value1').inputMode).toBe('numeric');
    expect(input('parameter-billing.vatPercent-value1').inputMode).toBe('decimal');
    expect(input('parameter-search.standard.dailyLimit-value2').inputMode).toBe('');
    fireEvent.change(input('parameter-search.standard.dailyLimit-value1'), { target: { value: '-5' } });
    fireEvent.change(input('parameter-billing.vatPercent-value1'), { target: { value: '-20' } });
    await act(async () => fireEvent.click(screen.getByTestId('parameters-save')));
    expect(input('parameter-search.standard.dailyLimit-value1').value).toBe('-5');
    expect(input('parameter-billing.vatPercent-value1').value).toBe('-20');
    const limitRow = screen.getByTestId('parameter-search.standard.dailyLimit');
    expect(within(limitRow).getByText('Tam sayı olmalıdır (0 ya da daha büyük).')).toBeTruthy();
    expect(input('parameter-billing.vatPercent-value1').getAttribute('aria-invalid')).toBe('true');
    expect(server.callsTo('PUT /api/system-parameter')).toHaveLength(0);
  });

  it('shows the audit: who, when, and every value before → after', async () => {
    adminGateway({
      'GET /api/system-parameter': () => ok(LIST),
      'GET /api/admin/system-parameter/changes': () =>
        pageResponse(
          [
            {
              id: 'c2',
              changedBy: 'admin@example.com',
              changedAt: '2026-03-05T09:07:00Z',
              before: [p('search.standard.dailyLimit', '15'), p('billing.vatPercent', '20')],
              after: [p('search.standard.dailyLimit', '16'), p('billing.vatPercent', '20', 'KDV')],
            },
            {
              id: 'c1',
              changedBy: 'root@example.com',
              changedAt: '2026-03-01T09:07:00Z',
              before: LIST,
              after: LIST,
            },
          ],
          2,
        ),
    });
    renderApp('/us/admin/system-parameters', { token: token() });
    const change = await screen.findByTestId('change-c2');
    expect(within(change).getByText('admin@example.com')).toBeTruthy();
    expect(change.textContent).toContain('search.standard.dailyLimit Value 1: 15 → 16');
    expect(change.textContent).toContain('billing.vatPercent Description: About billing.vatPercent → KDV');
    expect(within(screen.getByTestId('change-c1')).getByText('saved without a difference')).toBeTruthy();
  });
  const RETENTION = [...LIST, p('webhooks.deliveryRetentionDays', '30')];
  const retentionGateway = () =>
    adminGateway({
      'GET /api/system-parameter': () => ok(RETENTION),
      'GET /api/admin/system-parameter/changes': () => pageResponse([]),
    });

  it('the webhook log’s retention: its meaning in Turkish, a whole number of days', async () => {
    const server = retentionGateway();
    renderApp('/admin/system-parameters', { token: token() });
    await screen.findByTestId('parameters-form');
    expect(screen.getByTestId('parameter-webhooks.deliveryRetentionDays-description').textContent).toBe(
      'Bir webhook gönderiminin, artık yeniden denenmediğinde kayıtta kaldığı gün sayısı (0 = hep saklanır)',
    );
    const days = input('parameter-webhooks.deliveryRetentionDays-value1');
    expect(days.inputMode).toBe('numeric');
    fireEvent.change(days, { target: { value: '-1' } });
    await act(async () => fireEvent.click(screen.getByTestId('parameters-save')));
    const row = screen.getByTestId('parameter-webhooks.deliveryRetentionDays');
    expect(within(row).getByText('Tam sayı olmalıdır (0 ya da daha büyük).')).toBeTruthy();
    expect(server.callsTo('PUT /api/system-parameter')).toHaveLength(0);
  });

  it('the webhook log’s retention: its meaning in English', async () => {
    retentionGateway();
    renderApp('/us/admin/system-parameters', { token: token() });
    expect(await screen.findByTestId('parameter-webhooks.deliveryRetentionDays-description')).toHaveProperty(
      'textContent',
      'Days a webhook delivery stays in its log once it is no longer retried (0 = kept for ever)',
    );
  });
});
