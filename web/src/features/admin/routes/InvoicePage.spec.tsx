import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { adminToken } from '../../../test/jwt';
import { renderApp } from '../../../test/render';
import { adminPayment } from '../../../test/fixtures';
import type { AdminPayment } from '../model';
import { jsonResponse, ok } from '../../../test/gateway';
import { adminGateway, input } from '../test/gateway';

// The lazy admin chunk is compiled once before the tests wait for what it renders.
beforeAll(() => import('./AdminPage'), 60_000);

const token = () => adminToken('admin@example.com');
const PAYMENT = '/api/admin/payment/history/conv-17';

/** Invoice 17: $10.00 less $2.50 at 36.1234, ₺325.11, ₺0.11 of it refunded. */
function payment(over: Partial<AdminPayment> = {}): AdminPayment {
  return adminPayment({
    conversationId: 'conv-17',
    date: '2026-03-01T10:00:00Z',
    amount: '325.11',
    usd: '10.00',
    discountUsd: '2.50',
    rate: '36.1234',
    bulletinDate: '2026-03-01',
    invoiceNumber: 17,
    description: 'ShelfScan standard, deep 2026-03',
    features: ['standard', 'deep'],
    period: '2026-03',
    refunded: '0.11',
    refunds: [
      {
        kind: 'refund',
        amount: '0.11',
        reason: 'Rounding',
        refundedBy: 'admin@example.com',
        date: '2026-03-02T10:00:00Z',
      },
    ],
    ...over,
  });
}

/** Billing's refund answer: what was done, this refund's amount, and the payment now. */
function refunded(paid: AdminPayment, amount: string, reason: string) {
  const total = (Number(paid.refunded) + Number(amount)).toFixed(2);
  const after = {
    ...paid,
    refunded: total,
    refunds: [
      ...paid.refunds,
      {
        kind: 'refund' as const,
        amount,
        reason,
        refundedBy: 'admin@example.com',
        date: '2026-03-03T10:00:00Z',
      },
    ],
  };
  return { answer: { kind: 'refund', refunded: amount, payment: after }, after };
}

describe('admin invoice view', () => {
  it('shows the breakdown in USD, the rate and TRY, and downloads the PDF with the token (English)', async () => {
    const server = adminGateway({
      [`GET ${PAYMENT}`]: () => ok(payment()),
      [`GET ${PAYMENT}/pdf`]: () =>
        new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }),
    });
    const created = vi.fn((_blob: Blob) => 'blob:invoice');
    // jsdom has no object URLs: a URL class that has them, for this test only.
    vi.stubGlobal(
      'URL',
      class extends URL {
        static createObjectURL = created;
        static revokeObjectURL = vi.fn();
      },
    );
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    renderApp('/us/admin/user/invoice/conv-17', { token: token() });
    const breakdown = await screen.findByTestId('invoice-breakdown');
    expect(within(breakdown).getByRole('heading', { name: 'Invoice 17' })).toBeTruthy();
    expect(screen.getByTestId('invoice-usd').textContent).toBe('$10.00');
    expect(screen.getByTestId('invoice-discount').textContent).toBe('− $2.50');
    expect(screen.getByTestId('invoice-net-usd').textContent).toBe('$7.50');
    expect(screen.getByTestId('invoice-rate').textContent).toBe('36.1234 (central bank, 1 Mar 26)');
    expect(screen.getByTestId('invoice-period').textContent).toBe('Mar 2026');
    expect(screen.getByTestId('invoice-try').textContent).toBe('₺325.11');
    expect(screen.getByTestId('invoice-refunded').textContent).toBe('Refunded: ₺0.11');
    expect(screen.getByTestId('invoice-refunds').textContent).toContain('Rounding');
    expect(within(breakdown).getByRole('link', { name: 'ayse@example.com' }).getAttribute('href')).toBe(
      '/us/admin/user/ayse%40example.com',
    );

    await act(async () => fireEvent.click(screen.getByTestId('invoice-pdf')));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const pdf = server.callsTo(`GET ${PAYMENT}/pdf`)[0];
    expect(pdf.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(pdf.headers.get('Accept-Language')).toBe('en');
    expect(saved).toEqual(['invoice-17.pdf']);
    expect(await created.mock.calls[0][0].text()).toBe('%PDF-1.7');
  });

  it('refund: checks the amount against what is left, confirms, then posts the reason and kuruş', async () => {
    let current = payment();
    const server = adminGateway({
      [`GET ${PAYMENT}`]: () => ok(current),
      'POST /api/admin/payment/conv-17/refund': () => {
        const { answer, after } = refunded(current, '100.50', 'Çift çekim');
        current = after;
        return ok(answer, 'İade yapıldı.');
      },
    });
    renderApp('/admin/user/invoice/conv-17', { token: token() });
    await screen.findByTestId('refund-form');
    expect(screen.getByTestId('invoice-rate').textContent).toBe('36,1234 (Merkez Bankası, 1 Mar 26)');
    expect(screen.getByTestId('invoice-description').textContent).toBe(
      'ShelfScan Standart, Derin aboneliği, Mar 2026',
    );
    expect(screen.getByText('İade edilebilecek kalan: ₺325,00.')).toBeTruthy();
    fireEvent.change(input('refund-amount'), { target: { value: '325.01' } });
    await act(async () => fireEvent.click(screen.getByTestId('refund-submit')));
    expect(screen.getByText('Tutar, iade edilebilecek kalan tutardan fazla.')).toBeTruthy();
    expect(screen.getByText('Bu alan zorunludur.')).toBeTruthy();
    expect(screen.queryByTestId('confirm-refund')).toBeNull();

    fireEvent.change(input('refund-amount'), { target: { value: '100.5' } });
    fireEvent.change(input('refund-reason'), { target: { value: 'Çift çekim' } });
    await act(async () => fireEvent.click(screen.getByTestId('refund-submit')));
    const dialog = await screen.findByTestId('confirm-refund');
    expect(within(dialog).getByText(/₺100,50/)).toBeTruthy();
    expect(server.callsTo('POST /api/admin/payment/conv-17/refund')).toHaveLength(0);
    await act(async () => fireEvent.click(screen.getByTestId('confirm-refund-confirm')));
    await waitFor(() => expect(server.callsTo('POST /api/admin/payment/conv-17/refund')).toHaveLength(1));
    expect(await server.lastBody('POST /api/admin/payment/conv-17/refund')).toEqual({
      reason: 'Çift çekim',
      amountKurus: 10050,
    });
    expect(await screen.findByText('İade yapıldı.')).toBeTruthy();
    // The page reads the payment again: what is left is less by the refund.
    expect(await screen.findByText('İade edilebilecek kalan: ₺224,50.')).toBeTruthy();
    expect(screen.getByTestId('invoice-refunded').textContent).toBe('İade edilen: ₺100,61');
  });

  it('an empty amount refunds what is left (no amount sent); a refused refund keeps the dialog', async () => {
    let refused = true;
    let current = payment({ refunded: '0.00', refunds: [] });
    const server = adminGateway({
      [`GET ${PAYMENT}`]: () => ok(current),
      'POST /api/admin/payment/conv-17/refund': () => {
        if (refused)
          return jsonResponse(
            {
              success: false,
              code: 'refundRefused',
              message: 'The payment provider refused the refund: The bank refused the refund.',
            },
            402,
          );
        const { answer, after } = refunded(current, '325.11', 'Goodwill');
        current = after;
        return ok(answer, 'The refund has been made.');
      },
    });
    renderApp('/us/admin/user/invoice/conv-17', { token: token() });
    fireEvent.change(await screen.findByTestId('refund-reason'), { target: { value: 'Goodwill' } });
    await act(async () => fireEvent.click(screen.getByTestId('refund-submit')));
    expect(await screen.findByText(/What is left of payment conv-17 will be refunded/)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByTestId('confirm-refund-confirm')));
    expect(
      await screen.findByText('The payment provider refused the refund: The bank refused the refund.'),
    ).toBeTruthy();
    expect(screen.getByTestId('confirm-refund')).toBeTruthy();
    refused = false;
    await act(async () => fireEvent.click(screen.getByTestId('confirm-refund-confirm')));
    await waitFor(() => expect(screen.queryByTestId('confirm-refund')).toBeNull());
    expect(await server.lastBody('POST /api/admin/payment/conv-17/refund')).toEqual({ reason: 'Goodwill' });
    // All of it went back: no refund form any more.
    expect(await screen.findByText('Refunded: ₺325.11')).toBeTruthy();
    expect(screen.queryByTestId('refund-form')).toBeNull();
  });

  it('a failed payment has no refund form; a link without `invoice` says it is not valid', async () => {
    adminGateway({
      [`GET ${PAYMENT}`]: () =>
        ok(payment({ status: 'failed', invoiceNumber: null, errorMessage: 'Card declined' })),
    });
    const first = renderApp('/us/admin/user/invoice/conv-17', { token: token() });
    expect(await screen.findByText('Invoice (draft)')).toBeTruthy();
    expect(screen.getByTestId('invoice-error-message').textContent).toBe('Card declined');
    expect(screen.queryByTestId('refund-form')).toBeNull();
    first.unmount();

    renderApp('/us/admin/user/receipt/conv-17', { token: token() });
    expect(await screen.findByTestId('admin-invoice-bad-link')).toBeTruthy();
  });
});
