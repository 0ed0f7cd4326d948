import { adminV1, authV1, billingEventsV1 } from '@shelfscan/contracts';
import { HOUR } from '@shelfscan/service';
import { DataSource } from 'typeorm';
import { eventually } from '@shelfscan/testing';
import { ADMIN, USER, startAdminHarness, type AdminHarness } from './harness.js';

const { AdminService } = adminV1;

describe('users read model and counters (admin + auth services, real PostgreSQL)', () => {
  let h: AdminHarness;
  beforeAll(async () => {
    h = await startAdminHarness();
  }, 60_000);
  afterAll(() => h?.stop(), 30_000);

  const list = (search = '', page = 0, size = 20) =>
    h.bus.request(AdminService.method.listUsers, { caller: ADMIN, search, page, size });
  const counters = () => h.bus.request(AdminService.method.getCounters, { caller: ADMIN });

  it('builds users from auth events only: registration, activation, the ADMIN_EMAIL account', async () => {
    await h.signUp('ayse@example.com', 'Ayşe', 'Yılmaz');
    await h.bus.request(authV1.AuthService.method.register, {
      email: 'mehmet@example.com',
      firstName: 'Mehmet',
      lastName: 'Demir',
      password: 'secret1',
      phone: '',
      langKey: 'en',
    });
    const r = await eventually(async () => {
      const l = await list();
      return l.total === 3 && l.users.find((u) => u.email === 'ayse@example.com')?.activated && l;
    });
    const ayse = r.users.find((u) => u.email === 'ayse@example.com')!;
    expect(ayse).toMatchObject({
      firstName: 'Ayşe',
      lastName: 'Yılmaz',
      activated: true,
      membershipActive: true,
      planActive: false,
    });
    expect(ayse.createdAt).not.toBe('');
    expect(r.users.map((u) => u.email).sort()).toEqual([
      ADMIN.email,
      'ayse@example.com',
      'mehmet@example.com',
    ]);
    expect(r.users.find((u) => u.email === 'mehmet@example.com')).toMatchObject({ activated: false });
    expect(r.users.find((u) => u.email === ADMIN.email)).toMatchObject({ activated: true });
  });

  it('searches and pages, with the total', async () => {
    expect((await list('yılmaz')).users.map((u) => u.email)).toEqual(['ayse@example.com']);
    expect((await list('EXAMPLE.com')).total).toBe(2);
    const page = await list('', 1, 2);
    expect(page.total).toBe(3);
    expect(page.users).toHaveLength(1);
    expect((await list('%')).total).toBe(0);
  });

  it('refuses non-admin callers', async () => {
    for (const call of [
      () => h.bus.request(AdminService.method.listUsers, { caller: USER }),
      () => h.bus.request(AdminService.method.getCounters, { caller: USER }),
      () => h.bus.request(AdminService.method.getUser, { caller: USER, email: 'ayse@example.com' }),
      () => h.bus.request(AdminService.method.setUserActive, { caller: USER, email: 'ayse@example.com' }),
      () => h.bus.as(USER).request(AdminService.method.rebuildReadModels, {}),
      () => h.bus.request(authV1.AuthService.method.lookupUser, { caller: USER, email: 'ayse@example.com' }),
      () =>
        h.bus.request(authV1.AuthService.method.setMembershipActive, {
          caller: USER,
          email: 'ayse@example.com',
          active: false,
        }),
    ]) {
      await expect(call()).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    }
  });

  it('marks an account activated by a password reset (UserActivated)', async () => {
    await h.bus.request(authV1.AuthService.method.requestPasswordReset, { email: 'mehmet@example.com' });
    const key = /key=3D([\w-]+)|key=([\w-]+)/.exec(h.lastMail('mehmet@example.com').replace(/=\r?\n/g, ''))!;
    await h.bus.request(authV1.AuthService.method.completePasswordReset, {
      email: 'mehmet@example.com',
      key: key[1] ?? key[2],
      password: 'secret2',
    });
    await eventually(async () => (await list('mehmet')).users[0].activated);
  });

  it('follows a name change (UserProfileChanged)', async () => {
    const { account } = await h.bus.request(authV1.AuthService.method.getAccount, {
      email: 'ayse@example.com',
    });
    await h.bus.request(authV1.AuthService.method.updateAccount, {
      subjectEmail: 'ayse@example.com',
      id: account!.id,
      email: 'ayse@example.com',
      firstName: 'Ayşe Nur',
      lastName: 'Yılmaz',
    });
    await eventually(async () => (await list('ayse')).users[0].firstName === 'Ayşe Nur');
  });

  it('deactivates: the account cannot log in (membershipInactive), the read model follows; reactivates', async () => {
    const login = () =>
      h.bus.request(authV1.AuthService.method.authenticate, {
        email: 'ayse@example.com',
        password: 'secret1',
        clientIp: '10.0.0.1',
      });
    await login();
    expect(
      await h.bus.request(AdminService.method.setUserActive, {
        caller: ADMIN,
        email: 'ayse@example.com',
        active: false,
      }),
    ).toMatchObject({ changed: true });
    await expect(login()).rejects.toMatchObject({
      code: 'FAILED_PRECONDITION',
      reason: 'membershipInactive',
    });
    expect(
      await h.bus.request(authV1.AuthService.method.getTokenState, { email: 'ayse@example.com' }),
    ).toMatchObject({ activated: false });
    await eventually(async () => (await list('ayse')).users[0].membershipActive === false);
    const detail = await h.bus.request(AdminService.method.getUser, {
      caller: ADMIN,
      email: 'Ayse@Example.com',
    });
    expect(detail.user).toMatchObject({ email: 'ayse@example.com', membershipActive: false });
    expect(detail.roles).toEqual(['ROLE_USER']);

    h.clock.advance(HOUR);
    await h.bus.request(AdminService.method.setUserActive, {
      caller: ADMIN,
      email: 'ayse@example.com',
      active: true,
    });
    await login();
    await eventually(async () => (await list('ayse')).users[0].membershipActive === true);
    await expect(
      h.bus.request(AdminService.method.getUser, { caller: ADMIN, email: 'nobody@example.com' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('computes the counters from a known set of plan events, and again after a rebuild from the log', async () => {
    const now = h.clock.now().getTime();
    const at = (hours: number) => new Date(now + hours * HOUR).toISOString();
    const plan = (
      id: string,
      email: string,
      features: string[],
      trial = false,
      from = -24,
      to = 24 * 20,
    ) => ({
      subscriptionId: id,
      userEmail: email,
      features,
      trial,
      periodStart: at(from),
      periodEnd: at(to),
    });
    // Ayşe: standard + deep (paid), current. Mehmet: a current standard trial.
    await h.publish(
      billingEventsV1.PlanActivatedSchema,
      plan('s1', 'ayse@example.com', ['standard', 'deep']),
    );
    await h.publish(
      billingEventsV1.PlanActivatedSchema,
      plan('t1', 'mehmet@example.com', ['standard'], true, -1, 23),
    );
    // The admin: functional, cancelled but paid until its end (still counts), then a second
    // subscription that ran out without renewal, and one revoked by an admin (not "not renewed").
    await h.publish(billingEventsV1.PlanActivatedSchema, plan('f1', ADMIN.email, ['functional']));
    await h.publish(billingEventsV1.PlanCancelledSchema, {
      subscriptionId: 'f1',
      userEmail: ADMIN.email,
      periodEnd: at(24 * 20),
    });
    await h.publish(
      billingEventsV1.PlanActivatedSchema,
      plan('d0', ADMIN.email, ['deep'], false, -24 * 40, -24 * 10),
    );
    await h.publish(billingEventsV1.PlanExpiredSchema, {
      subscriptionId: 'd0',
      userEmail: ADMIN.email,
      reason: 'not_renewed',
    });
    await h.publish(billingEventsV1.PlanActivatedSchema, plan('r0', ADMIN.email, ['standard']));
    await h.publish(billingEventsV1.PlanExpiredSchema, {
      subscriptionId: 'r0',
      userEmail: ADMIN.email,
      reason: 'revoked',
    });
    // A plan whose period is in the past without an expiry event yet is not usable either.
    await h.publish(
      billingEventsV1.PlanActivatedSchema,
      plan('old', 'mehmet@example.com', ['deep'], false, -48, -24),
    );

    const expected = {
      totalUsers: 3,
      activeDeepUsers: 1, // Ayşe (s1)
      activeStandardUsers: 2, // Ayşe (s1), Mehmet (t1 trial)
      freeStandardPlans: 1, // t1
      standardPlanCount: 2, // s1, t1
      deepFeatureCount: 1, // s1
      functionalFeatureCount: 1, // f1 (cancelled, paid until its end)
      notRenewedCount: 2, // f1 (cancelled), d0 (not_renewed); not r0 (revoked)
      // No scans yet: the whole day's limits of the users who may search (test/history.spec.ts
      // counts scans): deep 5 (Ayşe); standard 15 each for Ayşe, Mehmet and the admin (functional).
      remainingDeepSearchCount: 5,
      remainingStandardSearchCount: 45,
    };
    await eventually(
      async () => (await counters()).notRenewedCount === 2 && (await counters()).standardPlanCount === 2,
    );
    await eventually(async () => (await counters()).activeStandardUsers === 2);
    expect(await counters()).toMatchObject(expected);

    const ayse = await h.bus.request(AdminService.method.getUser, {
      caller: ADMIN,
      email: 'ayse@example.com',
    });
    expect(ayse.user!.planActive).toBe(true);
    expect(ayse.plans).toEqual([
      expect.objectContaining({ subscriptionId: 's1', features: ['standard', 'deep'], status: 'active' }),
    ]);

    // A deactivated member does not count as an active user (the plans still count).
    await h.bus.request(AdminService.method.setUserActive, {
      caller: ADMIN,
      email: 'mehmet@example.com',
      active: false,
    });
    await eventually(async () => (await counters()).activeStandardUsers === 1);

    // Time moves past the trial's end: it no longer counts.
    h.clock.advance(24 * HOUR);
    expect(await counters()).toMatchObject({ freeStandardPlans: 0, standardPlanCount: 1 });

    const before = { users: await list(), counters: await counters() };
    const rebuilt = await h.bus.request(AdminService.method.rebuildReadModels, { caller: ADMIN });
    expect(rebuilt.events).toBeGreaterThanOrEqual(16);
    expect({ users: await list(), counters: await counters() }).toEqual(before);
  });

  it('handles a redelivered event once', async () => {
    const evt = {
      subscriptionId: 'dup',
      userEmail: 'ayse@example.com',
      features: ['functional'],
      trial: false,
      periodStart: new Date(h.clock.nowMs() - HOUR).toISOString(),
      periodEnd: new Date(h.clock.nowMs() + 24 * HOUR).toISOString(),
    };
    const { count: logged } = (
      await h.admin.app.get(DataSource).query(`SELECT count(*)::int AS count FROM event_log`)
    )[0];
    await h.publishSame(billingEventsV1.PlanActivatedSchema, evt, 2);
    expect((await counters()).functionalFeatureCount).toBe(2);
    const after = (
      await h.admin.app.get(DataSource).query(`SELECT count(*)::int AS count FROM event_log`)
    )[0];
    expect(after.count).toBe(logged + 1);
  });

  it('keeps a cancellation or expiry that arrived before its activation', async () => {
    const period = {
      trial: false,
      periodStart: new Date(h.clock.nowMs() - HOUR).toISOString(),
      periodEnd: new Date(h.clock.nowMs() + 24 * HOUR).toISOString(),
    };
    await h.publish(billingEventsV1.PlanCancelledSchema, {
      subscriptionId: 'late-c',
      userEmail: 'mehmet@example.com',
      periodEnd: period.periodEnd,
    });
    await h.publish(billingEventsV1.PlanExpiredSchema, {
      subscriptionId: 'late-e',
      userEmail: 'mehmet@example.com',
      reason: 'revoked',
    });
    for (const id of ['late-c', 'late-e']) {
      await h.publish(billingEventsV1.PlanActivatedSchema, {
        subscriptionId: id,
        userEmail: 'mehmet@example.com',
        features: ['standard'],
        ...period,
      });
    }
    const { plans } = await h.bus.request(AdminService.method.getUser, {
      caller: ADMIN,
      email: 'mehmet@example.com',
    });
    expect(
      plans.filter((p) => p.subscriptionId.startsWith('late-')).map((p) => [p.subscriptionId, p.status]),
    ).toEqual(
      expect.arrayContaining([
        ['late-c', 'cancelled'],
        ['late-e', 'expired'],
      ]),
    );
  });
});
