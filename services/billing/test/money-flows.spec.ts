import { capturedLogs } from './capture-logs.js';
import { PDFParse } from 'pdf-parse';
import { BusError } from '@shelfscan/bus';
import { MINUTE, SystemParameters } from '@shelfscan/service';
import { ChargeSteps } from '../src/charges/charge-steps.js';
import {
  PaymentProvider,
  ProviderTimeoutError,
  type ChargeOutcome,
  type ChargeRequest,
} from '../src/provider/index.js';
import { SandboxPaymentProvider } from '../src/provider/sandbox.provider.js';
import { ChargeSteps } from '../src/charges/charge-steps.js';
import { RenewalScheduler } from '../src/renewal/renewal.scheduler.js';
import { RenewalService } from '../src/renewal/renewal.service.js';
import { bulletinOf } from './fixtures.js';
import { eventually, failure } from '@shelfscan/testing';
import { CARDS, SAMPLE_XML, startHarness, type Harness } from './harness.js';

/** Whether one log line holds every one of the texts. */
const logged = (...texts: string[]) => capturedLogs.some((line) => texts.every((t) => line.includes(t)));

jest.setTimeout(60_000);

const bulletin = bulletinOf;

/** The sandbox, counting charges, with a switch that makes the next charge time out after it went through. */
class RecordingProvider extends SandboxPaymentProvider {
  charges: string[] = [];
  retrieves: string[] = [];
  timeoutNext = false;
  override async charge(request: ChargeRequest): Promise<ChargeOutcome> {
    this.charges.push(request.conversationId);
    const outcome = await super.charge(request);
    if (this.timeoutNext) {
      this.timeoutNext = false;
      throw new ProviderTimeoutError();
    }
    return outcome;
  }
  override async retrieve(conversationId: string) {
    this.retrieves.push(conversationId);
    return super.retrieve(conversationId);
  }
}

describe('FX rates (central bank bulletin double)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('malformed XML: a clear reason and no charge', async () => {
    h.fx.state.body = SAMPLE_XML.slice(0, 700);
    await h.addCard('fx@example.com');
    const err = await failure(h.subscribe('fx@example.com'));
    expect(err.reason).toBe('fxRateUnavailable');
    expect(err.message).toBe('fxRateUnavailable'); // a catalogue key; the cause is in the logs
    expect(logged('no exchange rate for a charge', 'bulletin unreadable')).toBe(true);
    expect(await h.sql('SELECT * FROM payment_attempt')).toEqual([]);
    expect(await h.sql(`SELECT * FROM subscription WHERE status <> 'inactive'`)).toEqual([]);
    const summary = await h.bus.request(h.M.promotionSummary, {
      email: 'fx@example.com',
      features: ['standard'],
      promotionCode: '',
    });
    expect([summary.breakdown?.usdCents, summary.breakdown?.tryKurus, summary.unavailableReason]).toEqual([
      774n,
      -1n,
      'fxRateUnavailable',
    ]);
  });

  it('fetches with retries: two server errors, then the sample', async () => {
    let failuresLeft = 2;
    const hits = h.fx.state.hits;
    h.fx.state.body = SAMPLE_XML;
    h.fx.state.status = 503;
    const orig = h.fx.state;
    const timer = setInterval(() => {
      if (orig.hits - hits >= 2 && failuresLeft) {
        failuresLeft = 0;
        orig.status = 200;
      }
    }, 5);
    h.clock.advance(2 * 3600_000);
    try {
      const r = await h.subscribe('fx@example.com');
      expect(r.breakdown).toMatchObject({ rate: '7.9073', bulletinDate: '2020-10-08' });
    } finally {
      clearInterval(timer);
    }
    expect(h.fx.state.hits - hits).toBe(3);
  });

  it('a weekend keeps the last bulletin; one older than billing.fxMaxAgeDays is refused', async () => {
    h.fx.state.body = bulletin('2020-10-09', '7.9500'); // a Friday
    h.setDay('2020-10-11'); // Sunday: 21 of 31 days = 6.77 USD × 7.9500 = 53.8215 → 53.82 TRY
    const ok = await h.bus.request(h.M.promotionSummary, {
      email: 'w@example.com',
      features: ['standard'],
      promotionCode: '',
    });
    expect(ok.breakdown).toMatchObject({
      rate: '7.9500',
      bulletinDate: '2020-10-09',
      usdCents: 677n,
      tryKurus: 5382n,
    });
    h.setDay('2020-10-14'); // 5 days later, the server still answers the Friday bulletin
    const stale = await h.bus.request(h.M.promotionSummary, {
      email: 'w@example.com',
      features: ['standard'],
      promotionCode: '',
    });
    expect(stale.unavailableReason).toBe('fxRateUnavailable');
    await h.addCard('stale@example.com');
    expect((await failure(h.subscribe('stale@example.com'))).message).toBe('fxRateUnavailable');
    expect(logged('no exchange rate for a charge', '"maxAgeDays":4')).toBe(true);
  });
});

describe('charges, renewal, dunning, invoices', () => {
  let h: Harness;
  const provider = new RecordingProvider();
  beforeAll(async () => {
    h = await startHarness({ overrides: [{ provide: PaymentProvider, useValue: provider }] });
    // These tests run the renewal by hand (RunRenewal, as an operator can) on the days they set:
    // the scheduler's check on the clock stands by, or moving the clock would run it too.
    await h.service.app.get(RenewalScheduler).onModuleDestroy();
    h.service.app.get(SystemParameters).apply([
      {
        key: 'billing.seller',
        description: '',
        value1: 'Örnek Yazılım A.Ş.',
        value2: 'İstiklal Cad. 1, Beyoğlu, İstanbul',
        value3: 'Beyoğlu VD 1234567890',
      },
    ]);
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('a timeout, then a retry: the payment is looked up by its conversationId and charged once', async () => {
    const email = 'timeout@example.com';
    await h.addCard(email);
    provider.timeoutNext = true;
    const err = await failure(h.subscribe(email));
    expect(err.reason).toBe('paymentStatusUnknown');
    const [attempt] = await h.sql<{ conversation_id: string; status: string }>(
      `SELECT conversation_id, status FROM payment_attempt WHERE user_email = $1`,
      [email],
    );
    expect(attempt.status).toBe('unknown');
    const charged = provider.charges.length;
    const r = await h.subscribe(email);
    expect(provider.charges.length).toBe(charged); // no second charge
    expect(provider.retrieves).toContain(attempt.conversation_id);
    expect(r.conversationId).toBe(attempt.conversation_id);
    expect(r.plan?.status).toBe('active');
    expect(await h.sql(`SELECT status FROM payment_attempt WHERE user_email = $1`, [email])).toEqual([
      { status: 'succeeded' },
    ]);
  });

  it("one step at a time on an invoice: a settle is refused while another holds its lock, the bank's answer queues", async () => {
    const steps = h.service.app.get(ChargeSteps);
    const invoiceId = crypto.randomUUID();
    const order: string[] = [];
    let holding!: () => void;
    let release!: () => void;
    const held = new Promise<void>((r) => (holding = r));
    const gate = new Promise<void>((r) => (release = r));
    const first = steps.locked(invoiceId, false, async (tx) => {
      holding();
      await gate;
      // A failed transaction is rolled back: the connection is free for the next one.
      await expect(tx(() => Promise.reject(new Error('step failed')))).rejects.toThrow('step failed');
      order.push(await tx(async (m) => ((await m.query(`SELECT 'first' AS s`)) as { s: string }[])[0].s));
    });
    await held;
    const refused = await steps.locked(invoiceId, false, async () => 'ran').catch((e: BusError) => e);
    expect(refused).toBeInstanceOf(BusError);
    expect([(refused as BusError).message, (refused as BusError).options.reason]).toEqual([
      'paymentInProgress',
      'paymentInProgress',
    ]);
    const queued = steps.locked(invoiceId, true, async () => void order.push('queued'));
    // It waits in PostgreSQL (an advisory lock not granted yet) until the first lets go.
    const waiting = async () =>
      (await h.sql(`SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`)).length > 0;
    while (!(await waiting())) await new Promise((r) => setTimeout(r, 10));
    expect(await steps.locked(crypto.randomUUID(), false, async () => 'another invoice')).toBe(
      'another invoice',
    );
    release();
    await Promise.all([first, queued]);
    expect(order).toEqual(['first', 'queued']);
  });

  it('the invoice PDF holds seller, buyer, period, USD, rate and bulletin, discount, KDV, TRY and status', async () => {
    const email = 'pdf@example.com';
    await h.addCard(email);
    await h.promotion({ code: 'PDF2', type: 'AMOUNT', value: '2' });
    const r = await h.subscribe(email, 'PDF2');
    const pdf = await h.bus.request(h.M.getInvoicePdf, {
      email,
      conversationId: r.conversationId,
      lang: 'tr',
    });
    expect(pdf.fileName).toMatch(/^shelfscan-invoice-\d+\.pdf$/);
    const { text } = await new PDFParse({ data: pdf.content }).getText();
    // 24/31 of 10 USD = 7.74; −2.00 = 5.74; × 7.9073 = 45.387902 → 45.39 TRY; KDV 20 % included = 7.57
    for (const expected of [
      'Fatura',
      'Örnek Yazılım A.Ş.',
      'İstiklal Cad. 1, Beyoğlu, İstanbul',
      'Beyoğlu VD 1234567890',
      'Ayşe Yılmaz',
      'Kızılay Mah. 1',
      '2020-10-08',
      // The period in Istanbul days, as the payment pages show the plan (not UTC's 2020-10-07 – 2020-10-31).
      'Dönem: 2020-10-08 – 2020-11-01',
      // The line and the buyer's country in Turkish (not "ShelfScan standard 2020-10", "Turkey").
      'Açıklama: ShelfScan Standart aboneliği, Ekim 2020',
      'Türkiye',
      '7.74 USD',
      '2.00 USD',
      '5.74 USD',
      '7.9073',
      'KDV dahil %20',
      '7.57 TRY',
      '45.39 TRY',
      'Kesinleşti / Ödendi',
    ])
      expect(text).toContain(expected);
    const en = await h.bus.request(h.M.getInvoicePdf, {
      email,
      conversationId: r.conversationId,
      lang: 'en',
    });
    const enText = (await new PDFParse({ data: en.content }).getText()).text;
    expect(enText).toContain('VAT included (20%)');
    expect(enText).toContain('Description: ShelfScan Standard subscription, October 2020');
    expect(enText).not.toContain('%20');
    expect(text).not.toContain('Turkey');
    expect(enText).toContain('Final / Paid');
    // The history gives the VAT the PDF prints and InvoiceFinalized carries: one computation.
    const finalized = (await h.events()).find(
      (e) => e.type === 'InvoiceFinalized' && e.message.conversationId === r.conversationId,
    )!;
    expect(finalized.message.vatKurus).toBe(757n);
    const one = (await h.bus.request(h.M.getPayment, { email, conversationId: r.conversationId })).payment!;
    expect([one.vatPercent, one.vatKurus]).toEqual(['20', 757n]);
    const listed = (await h.bus.request(h.M.listPayments, { email })).payments;
    expect(listed.map((p) => [p.vatPercent, p.vatKurus])).toEqual([['20', 757n]]);
    // Final: the rate it was issued at stays, whatever today's rate is.
    const params = h.service.app.get(SystemParameters);
    params.apply([{ key: 'billing.vatPercent', description: '', value1: '18.125', value2: '', value3: '' }]);
    try {
      const later = (await h.bus.request(h.M.getPayment, { email, conversationId: r.conversationId }))
        .payment!;
      expect([later.vatPercent, later.vatKurus]).toEqual(['20', 757n]);
      const again = await h.bus.request(h.M.getInvoicePdf, {
        email,
        conversationId: r.conversationId,
        lang: 'tr',
      });
      expect((await new PDFParse({ data: again.content }).getText()).text).toContain(
        'KDV dahil %20: 7.57 TRY',
      );
      // A new invoice is issued at today's rate, kept to 2 places: 18.13 %.
      await h.addCard('vat@example.com');
      const next = await h.subscribe('vat@example.com');
      const paid = (
        await h.bus.request(h.M.getPayment, { email: 'vat@example.com', conversationId: next.conversationId })
      ).payment!;
      // 7.74 USD × 7.9073 = 61.20 TRY; 61.20 × 18.13 / 118.13 = 9.392… → 9.39
      expect([paid.tryKurus, paid.vatPercent, paid.vatKurus]).toEqual([6120n, '18.13', 939n]);
      const event = (await h.events()).find(
        (e) => e.type === 'InvoiceFinalized' && e.message.conversationId === next.conversationId,
      )!;
      expect(event.message.vatKurus).toBe(939n);
      const pdf2 = await h.bus.request(h.M.getInvoicePdf, {
        email: 'vat@example.com',
        conversationId: next.conversationId,
        lang: 'en',
      });
      expect((await new PDFParse({ data: pdf2.content }).getText()).text).toContain(
        'VAT included (18.13%): 9.39 TRY',
      );
      // Not renewed: the renewal below counts the plans it charges.
      await h.bus.request(h.M.cancelPlan, { email: 'vat@example.com' });
    } finally {
      params.apply([{ key: 'billing.vatPercent', description: '', value1: '20', value2: '', value3: '' }]);
    }
    expect(
      (
        await failure(
          h.bus.request(h.M.getInvoicePdf, {
            email: 'other@example.com',
            conversationId: r.conversationId,
            lang: 'tr',
          }),
        )
      ).reason,
    ).toBe('paymentNotFound');
  });

  it('renews on the 1st once, even when run twice or twice at once (weekend bulletin)', async () => {
    const email = 'renew@example.com';
    await h.addCard(email);
    await h.subscribe(email);
    h.fx.state.body = bulletin('2020-10-30', '8.3000'); // Friday; 1 Nov 2020 is a Sunday
    h.setDay('2020-11-01');
    const before = provider.charges.length;
    const [a, b] = await Promise.all([
      h.admin.request(h.M.runRenewal, { date: '2020-11-01' }),
      h.admin.request(h.M.runRenewal, { date: '2020-11-01' }),
    ]);
    const again = await h.admin.request(h.M.runRenewal, { date: '2020-11-01' });
    expect(a.charged + b.charged + again.charged).toBe(3); // the two plans bought above and this one
    expect(provider.charges.length - before).toBe(3);
    const payments = (await h.bus.request(h.M.listPayments, { email })).payments;
    const november = payments.find((p) => p.period === '2020-11')!;
    // A full month: 10.00 USD × 8.3000 = 83.00 TRY
    expect(november).toMatchObject({
      status: 'succeeded',
      invoiceStatus: 'final',
      usdCents: 1000n,
      tryKurus: 8300n,
      rate: '8.3000',
      bulletinDate: '2020-10-30',
    });
    const plan = (await h.bus.request(h.M.getUserPlans, { email })).plans[0];
    expect(plan).toMatchObject({ status: 'active', startDate: '2020-11-01', endDate: '2020-12-01' });
  });

  it('dunning: retried on days 1, 3, 7 with a mail each time, then inactive (PlanExpired not_renewed)', async () => {
    const email = 'dunning@example.com';
    h.setDay('2020-11-20');
    h.fx.state.body = bulletin('2020-11-20', '8.0000');
    h.clock.advance(2 * 3600_000);
    await h.addCard(email);
    await h.subscribe(email);
    await h.addCard(email, CARDS.insufficientFunds);
    const run = async (day: string) => {
      h.setDay(day);
      h.fx.state.body = bulletin(day, '8.1000');
      return h.admin.request(h.M.runRenewal, { date: day });
    };
    expect((await run('2020-12-01')).failed).toBe(1);
    expect((await h.bus.request(h.M.getUserPlans, { email })).plans[0].status).toBe('past_due');
    expect((await run('2020-12-02')).failed).toBe(0); // not a retry day
    expect((await run('2020-12-03')).failed).toBe(1);
    const last = await run('2020-12-07');
    expect(last.expired).toBeGreaterThanOrEqual(1);
    expect((await h.bus.request(h.M.getUserPlans, { email })).plans[0].status).toBe('inactive');
    const expired = (await h.events()).filter(
      (e) => e.type === 'PlanExpired' && e.message.userEmail === email,
    );
    expect(expired.map((e) => e.message.reason)).toEqual(['not_renewed']);
    const mails = await h.mailsTo(email);
    expect(mails).toHaveLength(3);
    expect(mails[0].text).toContain('2020-12-03');
    expect(mails[2].text).toMatch(/pasif/);
  });

  it('the scheduler runs the renewal once per Istanbul day, as the clock says', async () => {
    const scheduler = h.service.app.get(RenewalScheduler);
    const days: string[] = [];
    const renewal = h.service.app.get(RenewalService);
    const run = renewal.run.bind(renewal);
    jest.spyOn(renewal, 'run').mockImplementation((day) => (days.push(day), run(day)));
    try {
      h.fx.state.body = bulletin('2020-12-14', '8.2000');
      h.clock.set('2020-12-14T20:54:00Z'); // 23:54 in Istanbul
      scheduler.onApplicationBootstrap(); // checks every 5 minutes of the clock from now
      h.clock.advance(5 * MINUTE); // 23:59: a check runs the 14th
      expect(await scheduler.tick()).toBeNull(); // after that check: the 14th has run
      expect(days).toEqual(['2020-12-14']);
      h.clock.advance(4 * MINUTE);
      expect(days).toEqual(['2020-12-14']); // no check between two
      h.clock.advance(MINUTE); // 00:04 on the 15th in Istanbul: the next check runs the 15th
      expect(await scheduler.tick()).toBeNull();
      expect(days).toEqual(['2020-12-14', '2020-12-15']);
    } finally {
      await scheduler.onModuleDestroy();
      jest.restoreAllMocks();
    }
  });

  it('a hard decline is never retried; a new card retries a soft failure at once', async () => {
    h.setDay('2020-12-10');
    h.fx.state.body = bulletin('2020-12-10', '8.2000');
    h.clock.advance(2 * 3600_000);
    await h.addCard('stolen@example.com');
    await h.subscribe('stolen@example.com');
    await h.addCard('stolen@example.com', CARDS.stolen);
    await h.addCard('fixer@example.com');
    await h.subscribe('fixer@example.com');
    await h.addCard('fixer@example.com', CARDS.doNotHonour);
    h.setDay('2021-01-01');
    h.fx.state.body = bulletin('2020-12-31', '8.5000');
    h.clock.advance(2 * 3600_000);
    await h.admin.request(h.M.runRenewal, { date: '2021-01-01' });
    expect((await h.bus.request(h.M.getUserPlans, { email: 'stolen@example.com' })).plans[0].status).toBe(
      'inactive',
    );
    expect((await h.bus.request(h.M.getUserPlans, { email: 'fixer@example.com' })).plans[0].status).toBe(
      'past_due',
    );
    await h.addCard('fixer@example.com', CARDS.success);
    const plan = (await h.bus.request(h.M.getUserPlans, { email: 'fixer@example.com' })).plans[0];
    expect(plan).toMatchObject({ status: 'active', endDate: '2021-02-01' });
  });

  it('admin refunds a later day: partial refunds against the final invoice, never more than paid', async () => {
    const email = 'refund-later@example.com';
    h.setDay('2021-01-10');
    h.fx.state.body = bulletin('2021-01-08', '8.0000');
    h.clock.advance(2 * 3600_000);
    await h.addCard(email);
    const bought = await h.subscribe(email); // 22/31 × 10 = 7.10 USD × 8 = 56.80 TRY
    expect(bought.breakdown?.tryKurus).toBe(5680n);
    const caller = { email: 'admin@example.com', roles: ['ROLE_ADMIN'] };
    const refund = (amountKurus: bigint, who = caller) =>
      h.bus.request(h.M.refundPayment, {
        caller: who,
        conversationId: bought.conversationId,
        reason: 'goodwill',
        amountKurus,
      });
    expect((await failure(refund(100n, { email: 'user@example.com', roles: [] }))).reason).toBe('forbidden');
    h.setDay('2021-01-12');
    const first = await refund(2000n);
    expect([first.kind, first.refundedTryKurus, first.payment?.refundedTryKurus]).toEqual([
      'refund',
      2000n,
      2000n,
    ]);
    const tooMuch = await failure(refund(3681n));
    expect([tooMuch.reason, tooMuch.message, tooMuch.options.detail]).toEqual([
      'refundTooMuch',
      'refundTooMuch',
      '36.80 TRY',
    ]);
    const rest = await refund(0n); // what is left
    expect([rest.kind, rest.refundedTryKurus, rest.payment?.refundedTryKurus]).toEqual([
      'refund',
      3680n,
      5680n,
    ]);
    expect(rest.payment).toMatchObject({ status: 'succeeded', invoiceStatus: 'final', tryKurus: 5680n });
    expect((await failure(refund(1n))).reason).toBe('refundTooMuch');
    expect(
      (await h.events())
        .filter((e) => e.type === 'InvoiceRefunded' && e.message.conversationId === bought.conversationId)
        .map((e) => e.message.refundedTryKurus),
    ).toEqual([2000n, 3680n]);
  });

  it("a renewal without an exchange rate mails the reason worded in the user's language, not its key", async () => {
    const email = 'fx-down@example.com';
    h.setDay('2021-01-20');
    h.fx.state.body = bulletin('2021-01-20', '8.0000');
    h.clock.advance(2 * 3600_000);
    await h.addCard(email);
    await h.subscribe(email);
    h.setDay('2021-02-01');
    h.fx.state.body = SAMPLE_XML.slice(0, 700); // unreadable: the newest stored bulletin is 12 days old
    h.clock.advance(2 * 3600_000);
    await h.admin.request(h.M.runRenewal, { date: '2021-02-01' });
    expect((await h.bus.request(h.M.getUserPlans, { email })).plans[0].status).toBe('past_due');
    const mails = await h.mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Merkez Bankası kuru şu anda alınamıyor');
    expect(mails[0].text).not.toContain('fxRateUnavailable');
  });

  it("an invoice's steps hold its lock: a charge meanwhile is refused (paymentInProgress), the bank's answer queues", async () => {
    const steps = h.service.app.get(ChargeSteps);
    const invoiceId = crypto.randomUUID();
    const order: string[] = [];
    let release!: () => void;
    const first = steps.locked(invoiceId, false, async (tx) => {
      await tx((m) => m.query('SELECT 1'));
      order.push('first holds');
      await new Promise<void>((resolve) => (release = resolve));
      order.push('first done');
    });
    await eventually(() => order.includes('first holds'));
    const refused = await failure(
      steps.locked(invoiceId, false, async () => order.push('never')),
      'FAILED_PRECONDITION',
    );
    expect(refused.reason).toBe('paymentInProgress');
    const queued = steps.locked(invoiceId, true, async () => order.push('queued ran'));
    await eventually(
      async () =>
        (
          await h.sql<{ n: string }>(
            `SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`,
          )
        )[0].n === '1',
    );
    release();
    await Promise.all([first, queued]);
    expect(order).toEqual(['first holds', 'first done', 'queued ran']);
  });

  it('no card number and no CVC in the billing schema or in the logs of the whole run', async () => {
    const dump = await h.dumpSchema();
    expect(dump).toContain('0008'); // the last four are kept
    const logs = capturedLogs.join('');
    expect(logs).toContain('invoice paid'); // the logs were captured
    for (const number of Object.values(CARDS)) {
      expect(dump).not.toContain(number);
      expect(logs).not.toContain(number);
    }
    expect(dump).not.toMatch(/"cvc"/i);
  });
});
