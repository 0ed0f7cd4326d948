import { randomUUID } from 'node:crypto';
import {
  adminEventsV1,
  adminV1,
  authEventsV1,
  authV1,
  billingEventsV1,
  scraperEventsV1,
} from '@shelfscan/contracts';
import { DAY, HOUR, SYSTEM_PARAMETER_DEFAULTS } from '@shelfscan/service';
import { DataSource } from 'typeorm';
import { eventually } from '@shelfscan/testing';
import { ADMIN, USER, startAdminHarness, type AdminHarness } from './harness.js';

const { AdminService } = adminV1;
const { ScanRequestedSchema, ScanStartedSchema, ScanCompletedSchema, ScanFailedSchema, ScanCancelledSchema } =
  scraperEventsV1;

/** 15:00 in Istanbul on 10 March 2030 (UTC+3). */
const NOW = '2030-03-10T12:00:00.000Z';
const AYSE = 'ayse@example.com';
const MEHMET = 'mehmet@example.com';
const DENIZ = 'deniz@example.com';

/** Every text-like column of every table of a schema whose value holds `needle`: "table.column". */
async function holders(ds: DataSource, schema: string, needle: string): Promise<string[]> {
  const columns: { table_name: string; column_name: string }[] = await ds.query(
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = $1 AND data_type IN ('text', 'character varying', 'character', 'jsonb', 'json', 'ARRAY')`,
    [schema],
  );
  const found: string[] = [];
  for (const c of columns) {
    const [{ n }]: { n: number }[] = await ds.query(
      `SELECT count(*)::int AS n FROM "${schema}"."${c.table_name}" WHERE strpos("${c.column_name}"::text, $1) > 0`,
      [needle],
    );
    if (n) found.push(`${c.table_name}.${c.column_name}`);
  }
  return found;
}

/**
 * The scans and invoices read models, the counters, the charts, the user detail and activity,
 * all from a known set of events (the scan and invoice events published as search, the scraper and
 * billing would), again after a rebuild; then the deletion of a user as the admin service sees it.
 */
describe('history read models, counters, charts, activity and deletion (admin + auth, real PostgreSQL)', () => {
  let h: AdminHarness;
  const call = {
    counters: () => h.bus.request(AdminService.method.getCounters, { caller: ADMIN }),
    charts: (from = '2030-02-27', to = '2030-03-10') =>
      h.bus.request(AdminService.method.getCharts, { caller: ADMIN, from, to }),
    user: (email: string) => h.bus.request(AdminService.method.getUser, { caller: ADMIN, email }),
    activity: (email: string, page = 0, size = 100) =>
      h.bus.request(AdminService.method.listUserActivity, { caller: ADMIN, email, page, size }),
  };
  const ds = () => h.admin.app.get(DataSource);

  /** A scan as the admin sees it: requested at `at` (the admin's clock), started, and maybe ended. */
  async function scan(
    email: string,
    type: string,
    at: string,
    end?: 'completed' | 'running' | 'cancelled' | { failed: string },
  ): Promise<string> {
    const scanId = randomUUID();
    h.clock.set(at);
    await h.publish(ScanRequestedSchema, {
      scanId,
      userEmail: email,
      market: 'CA',
      sellerId: 'A2DP2EEPU3VU45',
      type,
      fileName: `Mağaza of ${email.split('@')[0]}`,
      keyword: 'çadır',
    });
    await h.publish(ScanStartedSchema, { scanId, attempt: 1 });
    if (end === 'completed')
      await h.publish(ScanCompletedSchema, {
        scanId,
        asinsFound: 2,
        coverageLine: 'Found 2 ASINs.',
        outcome: 'complete',
      });
    else if (end === 'cancelled') await h.publish(ScanCancelledSchema, { scanId, asinsFound: 7 });
    else if (typeof end === 'object')
      await h.publish(ScanFailedSchema, { scanId, code: end.failed, reason: `${end.failed} happened` });
    return scanId;
  }

  const plan = (
    id: string,
    email: string,
    features: string[],
    from = -DAY,
    to = 20 * DAY,
    trial = false,
  ) => ({
    subscriptionId: id,
    userEmail: email,
    features,
    trial,
    periodStart: new Date(Date.parse(NOW) + from).toISOString(),
    periodEnd: new Date(Date.parse(NOW) + to).toISOString(),
  });
  const invoice = (n: number, email: string, finalizedAt: string, tryKurus: number) => ({
    invoiceId: `inv-${n}`,
    invoiceNumber: BigInt(n),
    conversationId: `conv-${n}`,
    userEmail: email,
    subscriptionId: 'p-a',
    features: ['standard', 'deep'],
    period: finalizedAt.slice(0, 7),
    usdCents: 1000n,
    discountUsdCents: 0n,
    rate: '7.9073',
    bulletinDate: finalizedAt.slice(0, 10),
    tryKurus: BigInt(tryKurus),
    vatKurus: BigInt(Math.round(tryKurus / 6)),
    description: 'ShelfScan',
    finalizedAt,
  });

  beforeAll(async () => {
    h = await startAdminHarness();
    h.clock.set('2030-03-08T10:00:00Z');
    await h.signUp(DENIZ, 'Deniz', 'Kaya');
    h.clock.set(NOW);
    await h.signUp(AYSE, 'Ayşe', 'Yılmaz');
    await h.signUp(MEHMET, 'Mehmet', 'Demir');
    await h.bus.request(AdminService.method.setUserActive, { caller: ADMIN, email: DENIZ, active: false });
    // Two sign-ups published as auth would, on chosen days (the second at 01:00 on the 10th in
    // Istanbul, still the 9th in UTC).
    for (const [email, registeredAt] of [
      ['early@example.com', '2030-03-08T10:00:00.000Z'],
      ['late@example.com', '2030-03-09T22:00:00.000Z'],
    ])
      await h.publish(authEventsV1.UserRegisteredSchema, {
        userId: randomUUID(),
        email,
        firstName: 'Ali',
        lastName: 'Veli',
        langKey: 'tr',
        registeredAt,
      });
    await eventually(async () => {
      const l = await h.bus.request(AdminService.method.listUsers, { caller: ADMIN });
      return l.total === 6 && l.users.find((u) => u.email === DENIZ)?.membershipActive === false;
    });

    const { PlanActivatedSchema, PlanCancelledSchema, PlanExpiredSchema } = billingEventsV1;
    await h.publish(PlanActivatedSchema, plan('p-a', AYSE, ['standard', 'deep']));
    await h.publish(PlanActivatedSchema, plan('t-m', MEHMET, ['standard'], -HOUR, 23 * HOUR, true));
    await h.publish(PlanActivatedSchema, {
      ...plan('p-d', DENIZ, ['functional']),
      grantedBy: ADMIN.email,
      grantReason: 'goodwill',
    });
    await h.publish(PlanActivatedSchema, plan('p-x', ADMIN.email, ['deep']));
    await h.publish(PlanCancelledSchema, { subscriptionId: 'p-x', userEmail: ADMIN.email, periodEnd: '' });
    await h.publish(PlanActivatedSchema, plan('o-a', AYSE, ['standard'], -40 * DAY, -10 * DAY));
    await h.publish(PlanExpiredSchema, { subscriptionId: 'o-a', userEmail: AYSE, reason: 'ended' });
    await h.publish(PlanActivatedSchema, plan('r-m', MEHMET, ['deep']));
    await h.publish(PlanExpiredSchema, { subscriptionId: 'r-m', userEmail: MEHMET, reason: 'revoked' });

    await scan(AYSE, 'standard', '2030-02-28T10:00:00Z', 'completed'); // February: not this month
    await scan(AYSE, 'standard', '2030-03-09T09:00:00Z', 'completed'); // yesterday: the month only
    await scan(AYSE, 'standard', '2030-03-09T20:30:00Z', 'completed'); // 23:30 on the 9th in Istanbul
    await scan(AYSE, 'standard', '2030-03-09T22:30:00Z', 'completed'); // 01:30 on the 10th in Istanbul
    await scan(AYSE, 'standard', '2030-03-10T08:00:00Z', { failed: 'BLOCKED' }); // given back
    await scan(AYSE, 'functional', '2030-03-10T09:00:00Z', 'completed'); // on the standard limits
    await scan(AYSE, 'deep', '2030-03-10T09:30:00Z', { failed: 'STORE_NOT_FOUND' }); // counted
    await scan(AYSE, 'deep', '2030-03-10T10:00:00Z', 'cancelled'); // counted
    await scan(AYSE, 'deep', '2030-03-10T11:00:00Z', 'running'); // counted
    await scan(MEHMET, 'standard', '2030-03-10T11:30:00Z', 'completed');
    await scan(DENIZ, 'functional', '2030-03-10T07:00:00Z', { failed: 'INTERNAL' });

    const { InvoiceFinalizedSchema, InvoiceRefundedSchema } = billingEventsV1;
    await h.publish(InvoiceFinalizedSchema, invoice(1, AYSE, '2030-02-01T09:00:00.000Z', 79073));
    // 00:30 on 1 March in Istanbul: March's revenue.
    await h.publish(InvoiceFinalizedSchema, invoice(2, AYSE, '2030-02-28T21:30:00.000Z', 50000));
    await h.publish(InvoiceFinalizedSchema, invoice(3, MEHMET, '2030-03-10T10:00:00.000Z', 30000));
    await h.publish(InvoiceRefundedSchema, {
      invoiceId: 'inv-1',
      conversationId: 'conv-1',
      userEmail: AYSE,
      refundedTryKurus: 10000n,
      kind: 'refund',
      reason: 'double charge',
      refundedBy: ADMIN.email,
      refundedAt: '2030-03-05T10:00:00.000Z',
    });
    h.clock.set(NOW);
  }, 60_000);
  afterAll(() => h?.stop(), 30_000);

  const COUNTERS = {
    totalUsers: 6, // the admin, Ayşe, Mehmet, Deniz, and two known from events only
    activeDeepUsers: 2, // Ayşe (p-a), the admin (p-x: cancelled, paid until its end)
    activeStandardUsers: 2, // Ayşe (p-a), Mehmet (t-m trial); Deniz is deactivated
    freeStandardPlans: 1, // t-m
    standardPlanCount: 2, // p-a, t-m
    deepFeatureCount: 2, // p-a, p-x (r-m revoked)
    functionalFeatureCount: 1, // p-d
    notRenewedCount: 2, // p-x cancelled, o-a ended (not r-m: revoked)
    // Ayşe 5 − 3 deep today (failed STORE_NOT_FOUND, cancelled, running all count) + the admin 5.
    remainingDeepSearchCount: 7,
    // Ayşe 15 − 2 (the 01:30 standard, the functional; the BLOCKED failure is given back; month
    // 450 − 4 is not the bound) + Mehmet 15 − 1; the admin has no standard plan, Deniz is deactivated.
    remainingStandardSearchCount: 27,
    trackedScansToday: 0, // the scans above are the users' own, none of a tracked store
  };

  it('computes the counters from the events, in Istanbul days, with the current limits', async () => {
    expect(await call.counters()).toEqual(expect.objectContaining(COUNTERS));
    const parameters = SYSTEM_PARAMETER_DEFAULTS.map((p) =>
      p.key === 'search.standard.dailyLimit'
        ? { ...p, value1: '16' }
        : p.key === 'search.deep.dailyLimit'
          ? { ...p, value1: '4' }
          : { ...p },
    );
    await h.bus.request(AdminService.method.updateSystemParameters, { caller: ADMIN, parameters });
    await eventually(async () => (await call.counters()).remainingStandardSearchCount === 29);
    expect(await call.counters()).toMatchObject({ remainingDeepSearchCount: 1 + 4 });
    await h.bus.request(AdminService.method.updateSystemParameters, {
      caller: ADMIN,
      parameters: SYSTEM_PARAMETER_DEFAULTS.map((p) => ({ ...p })),
    });
    await eventually(async () => (await call.counters()).remainingStandardSearchCount === 27);

    // The next Istanbul day (21:00 UTC is midnight there): the day's rights come back, the month's stay.
    h.clock.set('2030-03-10T21:00:00Z');
    expect(await call.counters()).toMatchObject({
      remainingDeepSearchCount: 10,
      remainingStandardSearchCount: 30,
    });
    h.clock.set(NOW);
  });

  it('answers the charts: zero-filled Istanbul days, whole months of revenue net of refunds, failures by code', async () => {
    const c = await call.charts();
    expect(c.from).toBe('2030-02-27');
    expect(c.to).toBe('2030-03-10');
    expect(c.scansPerDay).toHaveLength(12);
    const day = (d: string) => c.scansPerDay.find((x) => x.date === d);
    expect(day('2030-02-27')).toMatchObject({ standard: 0, deep: 0, functional: 0 });
    expect(day('2030-02-28')).toMatchObject({ standard: 1, deep: 0, functional: 0 });
    expect(day('2030-03-09')).toMatchObject({ standard: 2, deep: 0, functional: 0 });
    expect(day('2030-03-10')).toMatchObject({ standard: 3, deep: 3, functional: 2 });
    // auth dates accounts by the Clock: Deniz and early on the 8th; the admin, Ayşe, Mehmet and late
    // (01:00 on the 10th in Istanbul, still the 9th in UTC) on the 10th.
    expect(c.signupsPerDay.filter((d) => d.count).map((d) => [d.date, d.count])).toEqual([
      ['2030-03-08', 2],
      ['2030-03-10', 4],
    ]);
    expect(c.revenuePerMonth.map((m) => [m.month, m.tryKurus])).toEqual([
      ['2030-02', 79073n],
      ['2030-03', 50000n + 30000n - 10000n],
    ]);
    expect(c.failuresByReason.map((f) => [f.reason, f.count])).toEqual([
      ['BLOCKED', 1],
      ['INTERNAL', 1],
      ['STORE_NOT_FOUND', 1],
    ]);

    // Defaults: the 30 days up to today (Istanbul).
    const d = await call.charts('', '');
    expect([d.from, d.to, d.scansPerDay.length]).toEqual(['2030-02-09', '2030-03-10', 30]);
    for (const [from, to, violation] of [
      ['2030-02-30', '', { field: 'from', msg: 'dateInvalid' }],
      ['2030-03-10', '2030-03-01', { field: 'from', msg: 'dateRangeInvalid' }],
      ['2028-01-01', '2030-03-01', { field: 'to', msg: 'dateRangeTooLong' }],
    ] as const)
      await expect(call.charts(from, to)).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        violations: [violation],
      });
    await expect(
      h.bus.request(AdminService.method.getCharts, { caller: USER, from: '', to: '' }),
    ).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
  });

  it('shows a user with invoices (refunds summed) and scan counts, keeping every field', async () => {
    const ayse = await call.user(AYSE);
    expect(ayse.user).toMatchObject({ email: AYSE, planActive: true, membershipActive: true });
    expect(ayse.plans.map((p) => p.subscriptionId).sort()).toEqual(['o-a', 'p-a']);
    expect(ayse.invoices.map((i) => [i.invoiceNumber, i.tryKurus, i.refundedTryKurus])).toEqual([
      [2n, 50000n, 0n],
      [1n, 79073n, 10000n],
    ]);
    expect(ayse.invoices[1]).toMatchObject({
      invoiceId: 'inv-1',
      conversationId: 'conv-1',
      period: '2030-02',
      usdCents: 1000n,
      discountUsdCents: 0n,
      rate: '7.9073',
      bulletinDate: '2030-02-01',
      finalizedAt: '2030-02-01T09:00:00.000Z',
    });
    expect(ayse.scans).toMatchObject({
      standard: 5,
      deep: 3,
      functional: 1,
      failed: 2,
      lastScanAt: '2030-03-10T11:00:00.000Z',
    });
    const deniz = await call.user(DENIZ);
    expect(deniz.plans[0]).toMatchObject({ grantedBy: ADMIN.email, grantReason: 'goodwill' });
  });

  it("lists a user's activity from the event log, newest first, paged", async () => {
    const all = await call.activity(AYSE);
    // registered, activated, 3 plan events, 9 scans (26 events), 2 invoices and a refund.
    expect(all.total).toBe(34);
    const times = all.items.map((i) => i.at);
    expect([...times].sort().reverse()).toEqual(times);
    const types = new Set(all.items.map((i) => i.type));
    for (const t of [
      'registered',
      'activated',
      'planActivated',
      'planExpired',
      'scanRequested',
      'scanStarted',
      'scanCompleted',
      'scanFailed',
      'scanCancelled',
      'invoiceFinalized',
      'invoiceRefunded',
    ])
      expect(types).toContain(t);
    expect(all.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          at: '2030-02-01T09:00:00.000Z',
          type: 'invoiceFinalized',
          summary: '#1 · 2030-02 · 790.73 TRY · conv-1',
        }),
        expect.objectContaining({
          at: '2030-03-05T10:00:00.000Z',
          type: 'invoiceRefunded',
          summary: `refund · 100.00 TRY · double charge · by ${ADMIN.email}`,
        }),
        expect.objectContaining({
          type: 'scanFailed',
          summary: expect.stringMatching(/ · BLOCKED: BLOCKED happened$/),
        }),
        // ScanCompleted carries the count (asins_found), not the list.
        expect.objectContaining({
          type: 'scanCompleted',
          summary: expect.stringMatching(/ · 2 ASINs · complete$/),
        }),
      ]),
    );
    const page = await call.activity(AYSE, 3, 10);
    expect(page.total).toBe(34);
    expect(page.items).toEqual(all.items.slice(30, 34));
    const deniz = await call.activity(DENIZ);
    expect(deniz.items.map((i) => i.type)).toEqual(expect.arrayContaining(['planGranted', 'deactivated']));
    await expect(call.activity('nobody@example.com')).rejects.toMatchObject({ reason: 'userNotFound' });
  });

  it('gives the same counters, charts, user and activity after a rebuild from the log', async () => {
    const before = [
      await call.counters(),
      await call.charts(),
      await call.user(AYSE),
      await call.activity(AYSE),
    ];
    await h.bus.request(AdminService.method.rebuildReadModels, { caller: ADMIN });
    expect([
      await call.counters(),
      await call.charts(),
      await call.user(AYSE),
      await call.activity(AYSE),
    ]).toEqual(before);
  });

  it('refuses deleting oneself, another admin, an unknown email, and to non-admins', async () => {
    const del = (caller: { email: string; roles: string[] }, email: string) =>
      h.bus.request(AdminService.method.deleteUser, { caller, email });
    await expect(del(ADMIN, ADMIN.email.toUpperCase())).rejects.toMatchObject({
      code: 'FAILED_PRECONDITION',
      reason: 'cannotDeleteSelf',
    });
    await expect(
      del({ email: 'boss@shelfscan.test', roles: ADMIN.roles }, ADMIN.email),
    ).rejects.toMatchObject({
      code: 'FAILED_PRECONDITION',
      reason: 'cannotDeleteAdmin',
    });
    await expect(del(ADMIN, 'nobody@example.com')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      reason: 'userNotFound',
    });
    await expect(del(USER, AYSE)).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
  });

  it('deletes a user: read models, event log and contact messages forget them; the figures stay, also after a rebuild', async () => {
    await h.bus.request(AdminService.method.sendContactMessage, {
      email: AYSE,
      subject: 'Fatura',
      message: 'Ben Ayşe',
    });
    const chartsBefore = await call.charts();
    const { account } = await h.bus.request(authV1.AuthService.method.lookupUser, {
      caller: ADMIN,
      email: AYSE,
    });
    const r = await h.bus.request(AdminService.method.deleteUser, {
      caller: ADMIN,
      email: ` ${AYSE.toUpperCase()} `,
    });
    expect(r).toMatchObject({ userId: account!.id, email: AYSE, deletedAt: NOW });

    await eventually(async () => (await call.counters()).totalUsers === 5);
    // The auth service removed the account too (its own consumer).
    await eventually(() =>
      h.bus.request(authV1.AuthService.method.lookupUser, { caller: ADMIN, email: AYSE }).then(
        () => false,
        (e: { code?: string }) => e.code === 'NOT_FOUND',
      ),
    );
    expect(await holders(ds(), 'admin', AYSE)).toEqual([]);
    expect(await holders(ds(), 'admin', 'Yılmaz')).toEqual([]);
    expect(await holders(ds(), 'admin', 'Mağaza of ayse')).toEqual([]);
    expect(await ds().query(`SELECT user_id, deleted_by FROM user_deletion`)).toEqual([
      { user_id: account!.id, deleted_by: ADMIN.email },
    ]);

    const pseudonym = `deleted-user-${account!.id}`;
    const after = {
      ...COUNTERS,
      totalUsers: 5,
      activeDeepUsers: 1,
      activeStandardUsers: 1,
      standardPlanCount: 1,
      deepFeatureCount: 1,
      notRenewedCount: 1,
      remainingDeepSearchCount: 5,
      remainingStandardSearchCount: 14,
    };
    expect(await call.counters()).toEqual(expect.objectContaining(after));
    // Sign-ups, scans, revenue and failures still count.
    const charts = await call.charts();
    expect(charts).toEqual(chartsBefore);
    const [{ n }] = await ds().query(`SELECT count(*)::int AS n FROM invoice_view WHERE user_email = $1`, [
      pseudonym,
    ]);
    expect(n).toBe(2);
    await expect(call.user(AYSE)).rejects.toMatchObject({ reason: 'userNotFound' });

    // Delivered again (same message), or asked again (a new message): nothing changes.
    const again = { userId: account!.id, userEmail: AYSE, deletedBy: ADMIN.email, deletedAt: NOW };
    await h.publishSame(adminEventsV1.UserDeletedSchema, again, 2);
    await h.publish(adminEventsV1.UserDeletedSchema, again);
    expect(await call.counters()).toEqual(expect.objectContaining(after));
    expect(await holders(ds(), 'admin', AYSE)).toEqual([]);

    await h.bus.request(AdminService.method.rebuildReadModels, { caller: ADMIN });
    expect(await call.counters()).toEqual(expect.objectContaining(after));
    expect(await call.charts()).toEqual(charts);
    expect(
      (await h.bus.request(AdminService.method.listUsers, { caller: ADMIN, search: 'ayse' })).total,
    ).toBe(0);
  });

  it("leaves an admin's re-queue of a failed scan out of the remaining searches, also after a rebuild", async () => {
    const before = (await call.counters()).remainingStandardSearchCount;
    // Mehmet's scan fails for his own reason (counted); an admin re-queues it: a new scan id whose
    // ScanRequested is quota_exempt, as the search service sends it, which completes.
    await scan(MEHMET, 'standard', '2030-03-10T11:40:00Z', { failed: 'STORE_NOT_FOUND' });
    const requeued = randomUUID();
    await h.publish(ScanRequestedSchema, {
      scanId: requeued,
      userEmail: MEHMET,
      market: 'CA',
      sellerId: 'A2DP2EEPU3VU45',
      type: 'standard',
      fileName: 'Mağaza of mehmet',
      quotaExempt: true,
    });
    await h.publish(ScanCompletedSchema, { scanId: requeued, asinsFound: 3, outcome: 'complete' });
    h.clock.set(NOW);
    const projected = async () =>
      (
        await ds().query(`SELECT quota_exempt FROM scan_view WHERE scan_id = $1 AND status = 'completed'`, [
          requeued,
        ])
      )[0]?.quota_exempt;
    await eventually(async () => (await projected()) !== undefined);
    expect(await projected()).toBe(true);
    expect((await call.counters()).remainingStandardSearchCount).toBe(before - 1);
    await h.bus.request(AdminService.method.rebuildReadModels, { caller: ADMIN });
    expect((await call.counters()).remainingStandardSearchCount).toBe(before - 1);
  });

  it("counts a tracked store's scans as their own kind in the charts and counters, and takes no search right for them", async () => {
    const before = await call.counters();
    const day = async (date = '2030-03-10') =>
      (await call.charts()).scansPerDay.find((x) => x.date === date)!;
    const was = { today: await day(), yesterday: await day('2030-03-09') };
    const tracked = async (at: string, type: string) => {
      h.clock.set(at);
      await h.publish(ScanRequestedSchema, {
        scanId: randomUUID(),
        userEmail: MEHMET,
        market: 'CA',
        sellerId: 'A2DP2EEPU3VU45',
        type,
        fileName: 'CA A2DP2EEPU3VU45',
        quotaExempt: true,
        tracked: true,
      });
    };
    await tracked('2030-03-10T11:50:00Z', 'deep');
    await tracked('2030-03-10T11:55:00Z', 'standard');
    // 23:30 on the 9th in Istanbul: yesterday's, not today's.
    await tracked('2030-03-09T20:30:00Z', 'standard');
    h.clock.set(NOW);
    await eventually(async () => (await day()).tracked === was.today.tracked + 2);
    expect(await day()).toMatchObject({
      standard: was.today.standard,
      deep: was.today.deep,
      functional: was.today.functional,
    });
    expect((await day('2030-03-09')).tracked).toBe(was.yesterday.tracked + 1);
    // The counters: two tracked scans today, as the chart's day says, and no right taken.
    const counted = { ...before, trackedScansToday: before.trackedScansToday + 2 };
    expect(await call.counters()).toEqual(counted);
    await h.bus.request(AdminService.method.rebuildReadModels, { caller: ADMIN });
    expect((await day()).tracked).toBe(was.today.tracked + 2);
    expect(await call.counters()).toEqual(counted);
    // The next Istanbul day starts with none.
    h.clock.set('2030-03-10T21:00:00Z');
    expect((await call.counters()).trackedScansToday).toBe(0);
    h.clock.set(NOW);
  });
});
