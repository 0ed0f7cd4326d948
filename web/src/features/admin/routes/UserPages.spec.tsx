import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../../test/jwt';
import { renderApp } from '../../../test/render';
import { jsonResponse, ok } from '../../../test/gateway';
import { adminGateway, input } from '../test/gateway';

// The lazy admin chunk is compiled once before the tests wait for what it renders.
beforeAll(() => import('./AdminPage'), 60_000);

const token = () => adminToken('admin@example.com');

describe('delete-user, get-user-info and the confirm dialog page', () => {
  it('delete-user says what is kept, checks the email, and deletes after the retyped confirmation', async () => {
    const server = adminGateway({
      'DELETE /api/admin/users/can@example.com': () =>
        ok({ userId: 'id-can', email: 'can@example.com', deletedAt: '2026-03-05T10:00:00Z' }),
    });
    renderApp('/admin/delete-user', { token: token() });
    const explained = await screen.findByTestId('delete-user-explained');
    expect(
      within(explained).getByText(
        /Saklananlar: faturalar, vergi mevzuatı gereği alıcı bilgileri anonimleştirilerek/,
      ),
    ).toBeTruthy();

    fireEvent.change(input('delete-user-email'), { target: { value: 'can@' } });
    await act(async () => fireEvent.click(screen.getByTestId('delete-user-submit')));
    expect(screen.getByText('E-posta adresi geçersiz.')).toBeTruthy();
    expect(screen.queryByTestId('confirm-delete-user')).toBeNull();

    fireEvent.change(input('delete-user-email'), { target: { value: 'can@example.com' } });
    await act(async () => fireEvent.click(screen.getByTestId('delete-user-submit')));
    await screen.findByTestId('confirm-delete-user');
    const confirm = screen.getByTestId('confirm-delete-user-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(input('confirm-delete-user-retype'), { target: { value: 'can@example.co' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(input('confirm-delete-user-retype'), { target: { value: 'can@example.com' } });
    await act(async () => fireEvent.click(confirm));
    await waitFor(() => expect(server.callsTo('DELETE /api/admin/users/can@example.com')).toHaveLength(1));
    expect(await screen.findByText('can@example.com silindi.')).toBeTruthy();
    expect(input('delete-user-email').value).toBe('');
  });

  it('delete-user: an unknown email is the server’s answer, shown as a toast (English)', async () => {
    adminGateway({
      'DELETE /api/admin/users/nobody@example.com': () =>
        jsonResponse({ success: false, code: 'userNotFound', message: 'User not found.' }, 404),
    });
    renderApp('/us/admin/delete-user', { token: token() });
    fireEvent.change(await screen.findByTestId('delete-user-email'), {
      target: { value: 'nobody@example.com' },
    });
    await act(async () => fireEvent.click(screen.getByTestId('delete-user-submit')));
    fireEvent.change(await screen.findByTestId('confirm-delete-user-retype'), {
      target: { value: 'nobody@example.com' },
    });
    await act(async () => fireEvent.click(screen.getByTestId('confirm-delete-user-confirm')));
    expect(await screen.findByText('User not found.')).toBeTruthy();
    // The dialog stays: the admin may correct nothing here but cancel.
    expect(screen.getByTestId('confirm-delete-user')).toBeTruthy();
  });

  it('get-user-info opens the detail of the email typed', async () => {
    adminGateway();
    const app = renderApp('/us/admin/get-user-info', { token: token() });
    await screen.findByTestId('user-lookup-form');
    await act(async () => fireEvent.click(screen.getByTestId('user-lookup-submit')));
    expect(screen.getByText('Email is invalid.')).toBeTruthy();
    fireEvent.change(input('user-lookup-email'), { target: { value: ' can@example.com ' } });
    await act(async () => fireEvent.click(screen.getByTestId('user-lookup-submit')));
    expect(app.location()).toBe('/us/admin/user/can%40example.com');
  });

  it('/admin/user without an email is the lookup too', async () => {
    adminGateway();
    renderApp('/admin/user', { token: token() });
    expect(await screen.findByTestId('user-lookup-form')).toBeTruthy();
  });

  it('/admin/modal shows the dialog a link names; confirming runs it and goes back', async () => {
    const server = adminGateway({
      'DELETE /api/promotion/p1': () => ok(null),
      'GET /api/promotion': () => ok([]),
    });
    const app = renderApp('/us/admin/modal?action=deletePromotion&id=p1&code=SPRING&back=/admin/promotions', {
      token: token(),
    });
    const dialog = await screen.findByTestId('confirm-delete-promotion');
    expect(within(dialog).getByText(/The code SPRING will no longer be accepted/)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByTestId('confirm-delete-promotion-confirm')));
    await waitFor(() => expect(app.location()).toBe('/us/admin/promotions'));
    expect(server.callsTo('DELETE /api/promotion/p1')).toHaveLength(1);
  });

  it('/admin/modal: cancelling does nothing; a back link outside the admin pages is ignored', async () => {
    const server = adminGateway();
    const app = renderApp('/admin/modal?action=deactivateUser&email=can@example.com&back=https://evil.test', {
      token: token(),
    });
    const dialog = await screen.findByTestId('confirm-deactivate-user');
    await act(async () => fireEvent.click(within(dialog).getByText('Vazgeç')));
    await waitFor(() => expect(app.location()).toBe('/admin'));
    expect(server.calls.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  it('/admin/modal without a known action says there is nothing to confirm', async () => {
    adminGateway();
    renderApp('/us/admin/modal?action=dropDatabase', { token: token() });
    expect(await screen.findByText('Nothing to confirm')).toBeTruthy();
  });
});
