import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { userToken } from '../../../test/jwt';
import { jsonResponse } from '../../../test/gateway';
import { renderApp } from '../../../test/render';
import { account, payment, savedCard, userPlan } from '../../../test/fixtures';
import { billingGateway } from '../test/gateway';

const saved = vi.hoisted(() => ({ blobs: [] as { blob: Blob; name: string }[] }));
vi.mock('../../../lib/download', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/download')>()),
  // jsdom has no object URLs: record what would be saved.
  saveBlob: (blob: Blob, name: string) => saved.blobs.push({ blob, name }),
}));

const token = () => userToken('ayse@example.com');
const click = (el: Element) => act(async () => fireEvent.click(el));

describe('payment page', () => {
  it('empty states say what to do next: buy a plan, add a card, verify the phone for the trial (Turkish)', async () => {
    billingGateway();
    renderApp('/payment', { token: token() });
    const noPlan = await screen.findByTestId('payment-no-plan');
    expect(noPlan.textContent).toContain('Henüz bir planınız yok');
    expect(screen.getByTestId('payment-add-plan').getAttribute('href')).toBe('/payment/addPlan');
    const noCard = await screen.findByTestId('payment-no-card');
    expect(noCard.textContent).toContain('Kayıtlı kart yok');
    expect(screen.getByTestId('payment-add-card').getAttribute('href')).toBe('/payment/addCard');
    expect((await screen.findByTestId('payment-no-history')).textContent).toContain('Henüz ödeme yok');
    // The trial needs a verified phone: the offer links to the account page.
    expect((await screen.findByTestId('trial-phone-needed')).textContent).toContain(
      'Ücretsiz deneme için doğrulanmış bir telefon numarası gerekir.',
    );
    expect(screen.getByTestId('trial-account-link').getAttribute('href')).toBe('/account');
  });

  it('shows the packages, the card and the history with invoice and payment status apart (English)', async () => {
    billingGateway({
      plans: [userPlan({ features: ['standard', 'deep'] })],
      card: savedCard(),
      payments: [
        payment(),
        payment({
          conversationId: 'dead0000-1111-4222-8333-444455556666',
          status: 'failed',
          invoiceStatus: 'draft',
          invoiceNumber: null,
          errorMessage: 'Kart limiti yetersiz, yetersiz bakiye',
        }),
      ],
    });
    renderApp('/us/payment', { token: token() });
    const planCard = await screen.findByTestId('user-plan');
    expect(within(planCard).getByTestId('user-plan-features').textContent).toBe('Standard, Deep');
    expect(within(planCard).getByTestId('user-plan-status').textContent).toBe('Active');
    expect(within(planCard).getByTestId('user-plan-start').textContent).toBe('24 Nov 26');
    expect(within(planCard).getByTestId('user-plan-end').textContent).toBe('1 Dec 26');
    expect(within(planCard).getByTestId('user-plan-renew').textContent).toBe('Renews on the end date');
    expect(screen.getByTestId('payment-cancel-plan').getAttribute('href')).toBe('/us/payment/deletePlan');
    // A user with a plan is not offered the trial.
    expect(screen.queryByTestId('trial-offer')).toBeNull();

    const card = await screen.findByTestId('card-summary');
    expect(within(card).getByTestId('card-brand').textContent).toBe('Mastercard');
    expect(within(card).getByTestId('card-number').textContent).toContain('0008');
    expect(within(card).getByTestId('card-expiry').textContent).toBe('07/2030');
    expect(within(card).getByTestId('card-holder').textContent).toBe('Ayşe Yılmaz');
    expect(screen.getByTestId('payment-delete-card').getAttribute('href')).toBe('/us/payment/deleteCard');

    const rows = await screen.findAllByTestId('payment-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]);
    expect(first.getByTestId('payment-link').textContent).toBe('c0ffee00-1111-4222-8333-444455556666');
    expect(first.getByTestId('payment-link').getAttribute('href')).toBe(
      '/us/payment/c0ffee00-1111-4222-8333-444455556666',
    );
    expect(first.getByTestId('payment-date').textContent).toMatch(/^24 Nov 26 \d{2}:\d{2}$/);
    expect(first.getByTestId('payment-amount').textContent).toBe('₺13.82');
    expect(first.getByTestId('payment-usd').textContent).toBe('$2.33 − $0.58 discount');
    expect(first.getByTestId('payment-status').textContent).toBe('Paid');
    expect(first.getByTestId('invoice-status').textContent).toBe('Invoice issued');
    expect(first.getByTestId('payment-period').textContent).toBe('Nov 2026');
    // The invoice line in the page's language, from the plan's features (not billing's "ShelfScan standard 2026-11").
    expect(first.getByTestId('payment-description').textContent).toBe(
      'ShelfScan Standard subscription, Nov 2026',
    );
    const failed = within(rows[1]);
    expect(failed.getByTestId('payment-status').textContent).toBe('Failed');
    expect(failed.getByTestId('invoice-status').textContent).toBe('Draft invoice');
    expect(failed.getByTestId('payment-error').textContent).toBe('Kart limiti yetersiz, yetersiz bakiye');
  });

  it('the trial: what happens when it ends is shown before it starts; then POST /api/user-plan/trial', async () => {
    const server = billingGateway({ user: account({ phoneVerified: true }) });
    server.routes['POST /api/user-plan/trial'] = () => {
      server.plans = [
        userPlan({
          trial: true,
          features: ['standard', 'deep', 'functional'],
          startDate: '2026-11-24T10:00:00.000Z',
          endDate: '2026-11-25T10:00:00.000Z',
          autoRenew: false,
        }),
      ];
      return jsonResponse({
        success: true,
        message: 'Your free one-day trial has started.',
        data: server.plans[0],
      });
    };
    renderApp('/us/payment', { token: token() });
    await click(await screen.findByTestId('trial-start'));
    const terms = await screen.findByTestId('trial-terms');
    expect(terms.textContent).toContain('It lasts 1 day (24 hours) from now');
    expect(terms.textContent).toContain('Every feature is included');
    expect(terms.textContent).toContain('It is not renewed');
    expect(terms.textContent).toContain('Nothing is charged and no card is needed.');
    expect(server.callsTo('POST /api/user-plan/trial')).toHaveLength(0);
    await click(screen.getByTestId('trial-confirm'));
    await waitFor(() => expect(server.callsTo('POST /api/user-plan/trial')).toHaveLength(1));
    expect((await screen.findByTestId('user-plan-features')).textContent).toBe('Standard, Deep, Functional');
    await waitFor(() => expect(screen.queryByTestId('trial-offer')).toBeNull());
  });

  it('a refused trial says why (Turkish)', async () => {
    const server = billingGateway({ user: account({ phoneVerified: true }) });
    server.routes['POST /api/user-plan/trial'] = () =>
      jsonResponse({ success: false, code: 'trialAlreadyUsed', message: 'x' }, 409);
    renderApp('/payment', { token: token() });
    await click(await screen.findByTestId('trial-start'));
    await click(await screen.findByTestId('trial-confirm'));
    expect((await screen.findByTestId('trial-error')).textContent).toBe(
      'Ücretsiz deneme bu hesap ya da telefon numarasıyla zaten kullanıldı.',
    );
  });
});

describe('invoice page', () => {
  it('shows the breakdown (USD, discount, rate and bulletin date, VAT, TRY) and downloads the PDF with the token', async () => {
    const server = billingGateway({ payments: [payment()] });
    server.routes['GET /api/payment/history/c0ffee00-1111-4222-8333-444455556666/pdf'] = () =>
      new Response('%PDF-1.7 test', {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': 'attachment; filename="shelfscan-invoice-7.pdf"',
        },
      });
    const bearer = token();
    renderApp('/us/payment/c0ffee00-1111-4222-8333-444455556666', { token: bearer });
    expect((await screen.findByTestId('invoice-conversation-id')).textContent).toBe(
      'c0ffee00-1111-4222-8333-444455556666',
    );
    expect(screen.getByTestId('invoice-number').textContent).toBe('7');
    expect(screen.getByTestId('invoice-period').textContent).toBe('Nov 2026');
    expect(screen.getByTestId('breakdown-usd').textContent).toBe('$2.33');
    expect(screen.getByTestId('breakdown-discount').textContent).toBe('-$0.58');
    expect(screen.getByTestId('breakdown-rate').textContent).toBe(
      '1 USD = 7.9073 TRY (central bank selling rate, bulletin of 8 Oct 20)',
    );
    expect(screen.getByTestId('breakdown-try').textContent).toBe('₺13.82');
    expect(screen.getByTestId('breakdown-vat').textContent).toBe('Includes 20% VAT (KDV): ₺2.30');

    saved.blobs.length = 0;
    await click(screen.getByTestId('invoice-download'));
    await waitFor(() => expect(saved.blobs).toHaveLength(1));
    expect(saved.blobs[0].name).toBe('shelfscan-invoice-7.pdf');
    expect(await saved.blobs[0].blob.text()).toBe('%PDF-1.7 test');
    const pdfCall = server.calls.find((c) => new URL(c.url).pathname.endsWith('/pdf'))!;
    expect(pdfCall.headers.get('Authorization')).toBe(`Bearer ${bearer}`);
    expect(pdfCall.headers.get('Accept-Language')).toBe('en');
  });

  it('shows the VAT of the invoice in Turkish, at its own rate', async () => {
    billingGateway({ payments: [payment({ vatPercent: '18.5', vat: '2.16' })] });
    renderApp('/payment/c0ffee00-1111-4222-8333-444455556666', { token: token() });
    expect((await screen.findByTestId('breakdown-vat')).textContent).toBe('%18.5 KDV dahil: ₺2,16');
    expect(screen.getByTestId('breakdown-try').textContent).toBe('₺13,82');
  });
});

describe('delete card and cancel plan', () => {
  it('deletes the card by its id and returns to the payment page', async () => {
    const server = billingGateway({ card: savedCard(), plans: [userPlan()] });
    server.routes['DELETE /api/card/'] = () => {
      server.card = null;
      return jsonResponse({ success: true, message: 'Your card has been deleted.' });
    };
    const app = renderApp('/us/payment/deleteCard', { token: token() });
    expect((await screen.findByTestId('delete-card-renewal')).textContent).toContain('without a card');
    await click(screen.getByTestId('delete-card-confirm'));
    await waitFor(() => expect(app.location()).toBe('/us/payment'));
    const call = server.callsTo('DELETE /api/card/')[0];
    expect(new URL(call.url).searchParams.get('id')).toBe(savedCard().id);
    expect(await screen.findByTestId('payment-no-card')).toBeTruthy();
  });

  it('cancels the plan after saying what it means; the success page names the end date', async () => {
    const server = billingGateway({ plans: [userPlan()] });
    server.routes['DELETE /api/user-plan'] = () => {
      server.plans = [userPlan({ status: 'cancelled', autoRenew: false })];
      return jsonResponse({ success: true, message: 'cancelled', data: server.plans[0] });
    };
    const app = renderApp('/payment/deletePlan', { token: token() });
    await screen.findByTestId('delete-plan-confirm');
    expect(screen.getByTestId('delete-plan').textContent).toContain(
      '1 Ara 26 tarihine kadar kullanmaya devam edebilirsiniz',
    );
    await click(screen.getByTestId('delete-plan-confirm'));
    await waitFor(() => expect(app.location()).toBe('/payment/deletePlan/success'));
    expect((await screen.findByTestId('delete-plan-success-text')).textContent).toBe(
      '1 Ara 26 tarihine kadar kullanabilirsiniz. Yenilenmeyecek ve başka ücret alınmayacak.',
    );
  });

  it('a failed removal stays on the page with the reason, and a second try can go through', async () => {
    const server = billingGateway({ card: savedCard(), plans: [userPlan()] });
    let tries = 0;
    server.routes['DELETE /api/card/'] = () =>
      ++tries === 1
        ? jsonResponse({ success: false, code: 'cardDeleteFailed', message: 'Kartınız silinemedi.' }, 502)
        : jsonResponse({ success: true, message: 'Kartınız silindi.' });
    const app = renderApp('/payment/deleteCard', { token: token() });
    await click(await screen.findByTestId('delete-card-confirm'));
    expect((await screen.findByTestId('delete-card-error')).textContent).toBe('Kartınız silinemedi.');
    expect(app.location()).toBe('/payment/deleteCard');
    await click(screen.getByTestId('delete-card-confirm'));
    await waitFor(() => expect(app.location()).toBe('/payment'));
    app.unmount();

    server.routes['DELETE /api/user-plan'] = () =>
      jsonResponse(
        { success: false, code: 'planNotCancellable', message: 'This plan cannot be cancelled.' },
        422,
      );
    const plans = renderApp('/us/payment/deletePlan', { token: token() });
    await click(await screen.findByTestId('delete-plan-confirm'));
    expect((await screen.findByTestId('delete-plan-error')).textContent).toBe(
      'This plan cannot be cancelled.',
    );
    expect(plans.location()).toBe('/us/payment/deletePlan');
  });

  it('nothing to cancel: says so', async () => {
    billingGateway({ plans: [userPlan({ status: 'cancelled', autoRenew: false })] });
    renderApp('/us/payment/deletePlan', { token: token() });
    expect((await screen.findByTestId('delete-plan-none')).textContent).toContain('already cancelled');
  });
});
