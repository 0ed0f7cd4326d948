import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../../test/jwt';
import { renderApp } from '../../../test/render';
import type { Promotion } from '../model';
import { jsonResponse, ok } from '../../../test/gateway';
import { adminGateway, input } from '../test/gateway';

// The lazy admin chunk is compiled once before the tests wait for what it renders.
beforeAll(() => import('./AdminPage'), 60_000);

const token = () => adminToken('admin@example.com');

const SPRING: Promotion = {
  id: 'p1',
  code: 'SPRING',
  description: 'Spring campaign',
  value: '25.00',
  type: 'PERCENT',
  minimumBasket: '0.00',
  count: 100,
  used: 3,
  expiryDate: '2099-03-31',
  active: true,
};

const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });

describe('admin promotions', () => {
  it('writes a percent and amounts as Turkish does: %25, $12,50, a minimum basket of $1.234,50', async () => {
    adminGateway({
      'GET /api/promotion': () =>
        ok([
          SPRING,
          { ...SPRING, id: 'p3', code: 'TWELVE', type: 'AMOUNT', value: '12.50', minimumBasket: '1234.50' },
        ]),
    });
    renderApp('/admin/promotions', { token: token() });
    expect(within(await screen.findByTestId('promotion-SPRING')).getByText('%25')).toBeTruthy();
    expect(within(screen.getByTestId('promotion-TWELVE')).getByText('$12,50')).toBeTruthy();
    expect(within(screen.getByTestId('promotion-TWELVE')).getByText('$1.234,50')).toBeTruthy();
  });

  it('lists the promotions; an empty list says what to do', async () => {
    adminGateway({
      'GET /api/promotion': () =>
        ok([
          SPRING,
          {
            ...SPRING,
            id: 'p2',
            code: 'OLD',
            type: 'AMOUNT',
            value: '5.00',
            expiryDate: '2020-01-01',
            active: false,
          },
        ]),
    });
    const first = renderApp('/us/admin/promotions', { token: token() });
    const spring = await screen.findByTestId('promotion-SPRING');
    expect(within(spring).getByText('25%')).toBeTruthy();
    expect(within(spring).getByText('3 of 100')).toBeTruthy();
    expect(within(spring).getByText('31 Mar 99')).toBeTruthy();
    const old = screen.getByTestId('promotion-OLD');
    expect(within(old).getByText('Expired')).toBeTruthy();
    expect((within(old).getByRole('switch') as HTMLInputElement).checked).toBe(false);
    expect(within(old).getByText('$5.00')).toBeTruthy();
    first.unmount();

    adminGateway({ 'GET /api/promotion': () => ok([]) });
    renderApp('/admin/promotions', { token: token() });
    expect(await screen.findByText('Henüz promosyon yok')).toBeTruthy();
  });

  it('create: every rule with its own message in Turkish, nothing sent until valid', async () => {
    const server = adminGateway({
      'GET /api/promotion': () => ok([]),
      'POST /api/promotion': () => ok(SPRING),
    });
    renderApp('/admin/promotions', { token: token() });
    await act(async () => fireEvent.click(await screen.findByTestId('promotion-new')));
    await screen.findByTestId('promotion-form');
    await screen.findByTestId('promotion-expiry'); // the day field's code is a lazy chunk
    type('promotion-code', 'a b');
    type('promotion-value', '120');
    type('promotion-minimum-basket', '');
    type('promotion-count', '0');
    type('promotion-expiry', '2020-01-01');
    await act(async () => fireEvent.click(screen.getByTestId('promotion-save')));
    expect(screen.getByText('Kod 2–40 harf, rakam, - ya da _ içerir.')).toBeTruthy();
    expect(screen.getByText('Yüzde indirimi en fazla 100 olabilir.')).toBeTruthy();
    expect(screen.getByText('Adet en az 1 olan bir tam sayı olmalıdır.')).toBeTruthy();
    expect(screen.getByText('Son kullanma tarihi geçmişte olamaz.')).toBeTruthy();
    expect(server.callsTo('POST /api/promotion')).toHaveLength(0);

    type('promotion-code', 'SPRING');
    type('promotion-value', '0');
    await act(async () => fireEvent.click(screen.getByTestId('promotion-save')));
    expect(screen.getByText('Değer 0’dan büyük olmalıdır.')).toBeTruthy();

    type('promotion-value', '25');
    type('promotion-count', '100');
    type('promotion-expiry', '2099-03-31');
    type('promotion-description', '  Spring campaign ');
    await act(async () => fireEvent.click(screen.getByTestId('promotion-save')));
    await waitFor(() => expect(server.callsTo('POST /api/promotion')).toHaveLength(1));
    expect(await server.lastBody('POST /api/promotion')).toEqual({
      code: 'SPRING',
      description: 'Spring campaign',
      type: 'PERCENT',
      value: '25',
      minimumBasket: '0',
      count: 100,
      expiryDate: '2099-03-31',
      active: true,
    });
    expect(await screen.findByText('Değişiklik kaydedildi.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('promotion-form')).toBeNull());
  });

  it('create: a taken code is the server’s answer on the code field; a 422 lands on its field (English)', async () => {
    let answer = () =>
      jsonResponse(
        {
          success: false,
          code: 'promotionCodeTaken',
          message: 'A promotion with this code exists.',
          status: 400,
        },
        400,
      );
    const server = adminGateway({
      'GET /api/promotion': () => ok([]),
      'POST /api/promotion': () => answer(),
    });
    renderApp('/us/admin/promotions', { token: token() });
    await act(async () => fireEvent.click(await screen.findByTestId('promotion-new')));
    await screen.findByTestId('promotion-form');
    type('promotion-code', 'SPRING');
    type('promotion-value', '5');
    // AMOUNT: above 100 is fine (USD).
    await act(async () =>
      fireEvent.click(within(screen.getByTestId('promotion-type')).getByText('Amount (USD)')),
    );
    type('promotion-value', '150');
    await act(async () => fireEvent.click(screen.getByTestId('promotion-save')));
    await waitFor(() => expect(input('promotion-code').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('A promotion with this code exists.')).toBeTruthy();
    expect(((await server.lastBody('POST /api/promotion')) as { type: string }).type).toBe('AMOUNT');
    expect(screen.queryByTestId('promotion-form-error')).toBeNull();

    answer = () =>
      jsonResponse(
        {
          success: false,
          errors: [
            { field: 'minimumBasket', msg: 'Enter an amount with at most 2 decimals.' },
            { field: 'id', msg: 'Promotion not found.' },
          ],
        },
        422,
      );
    type('promotion-code', 'SPRING2');
    await act(async () => fireEvent.click(screen.getByTestId('promotion-save')));
    expect(await screen.findByText('Enter an amount with at most 2 decimals.')).toBeTruthy();
    expect(screen.getByTestId('promotion-form-error').textContent).toBe('Promotion not found.');
  });

  it('edits with PUT, turns a promotion off, and deletes after the confirmation', async () => {
    let list = [SPRING];
    const server = adminGateway({
      'GET /api/promotion': () => ok(list),
      'PUT /api/promotion': async (request) => {
        const body = (await request.json()) as Promotion;
        list = [{ ...SPRING, ...body }];
        return ok(list[0]);
      },
      'DELETE /api/promotion/p1': () => {
        list = [];
        return ok(null);
      },
    });
    renderApp('/us/admin/promotions', { token: token() });
    await act(async () => fireEvent.click(await screen.findByTestId('promotion-edit-SPRING')));
    expect(input('promotion-code').value).toBe('SPRING');
    expect(input('promotion-minimum-basket').value).toBe('');
    type('promotion-value', '30');
    await act(async () => fireEvent.click(screen.getByTestId('promotion-save')));
    await waitFor(() => expect(server.callsTo('PUT /api/promotion')).toHaveLength(1));
    expect(await server.lastBody('PUT /api/promotion')).toMatchObject({
      id: 'p1',
      code: 'SPRING',
      value: '30',
    });
    expect(await screen.findByText('30%')).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByTestId('promotion-active-SPRING')));
    await waitFor(() => expect(server.callsTo('PUT /api/promotion')).toHaveLength(2));
    expect(await server.lastBody('PUT /api/promotion')).toEqual({
      id: 'p1',
      code: 'SPRING',
      description: 'Spring campaign',
      value: '30',
      type: 'PERCENT',
      // As the edit saved it.
      minimumBasket: '0',
      count: 100,
      expiryDate: '2099-03-31',
      active: false,
    });
    expect(await screen.findByText('SPRING is not active any more.')).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByTestId('promotion-delete-SPRING')));
    const dialog = await screen.findByTestId('confirm-delete-promotion');
    await act(async () => fireEvent.click(within(dialog).getByText('Cancel')));
    expect(server.callsTo('DELETE /api/promotion/p1')).toHaveLength(0);
    await act(async () => fireEvent.click(screen.getByTestId('promotion-delete-SPRING')));
    await act(async () => fireEvent.click(await screen.findByTestId('confirm-delete-promotion-confirm')));
    expect(await screen.findByText('No promotions yet')).toBeTruthy();
    expect(server.callsTo('DELETE /api/promotion/p1')).toHaveLength(1);
  });
});
