import { BusError } from '@shelfscan/bus';
import { adminV1 } from '@shelfscan/contracts';
import { SYSTEM_PARAMETER_DEFAULTS, SystemParameters } from '@shelfscan/service';
import { eventually } from '@shelfscan/testing';
import { ADMIN, USER, startAdminHarness, type AdminHarness } from './harness.js';

const { AdminService } = adminV1;

describe('system parameters (admin + auth services, real PostgreSQL, in-process bus)', () => {
  let h: AdminHarness;
  beforeAll(async () => {
    h = await startAdminHarness();
  }, 60_000);
  afterAll(() => h?.stop(), 30_000);

  const edited = (key: string, value1: string) =>
    SYSTEM_PARAMETER_DEFAULTS.map((d) => (d.key === key ? { ...d, value1 } : { ...d }));
  const authParameters = () => h.auth.app.get(SystemParameters);

  it('answers the catalogue defaults before the first save', async () => {
    const r = await h.bus.request(AdminService.method.getSystemParameters, {});
    expect(r.parameters.map(({ key, value1 }) => ({ key, value1 }))).toEqual(
      SYSTEM_PARAMETER_DEFAULTS.map(({ key, value1 }) => ({ key, value1 })),
    );
  });

  it('refuses a non-admin caller and an invalid list (per item and field)', async () => {
    await expect(
      h.bus.request(AdminService.method.updateSystemParameters, {
        caller: USER,
        parameters: edited('search.standard.dailyLimit', '20'),
      }),
    ).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    const err: BusError = await h.bus
      .request(AdminService.method.updateSystemParameters, {
        caller: ADMIN,
        parameters: edited('search.standard.dailyLimit', 'many'),
      })
      .then(
        () => undefined as never,
        (e: BusError) => e,
      );
    expect(err.code).toBe('INVALID_ARGUMENT');
    expect(err.violations).toEqual([{ field: 'parameters[0].value1', msg: 'parameterInteger' }]);
  });

  it('saves, records who/when/before/after, and another running service applies it within seconds', async () => {
    expect(authParameters().number('search.standard.dailyLimit')).toBe(15);
    const saved = await h.bus.request(AdminService.method.updateSystemParameters, {
      caller: ADMIN,
      parameters: edited('search.standard.dailyLimit', '20'),
    });
    expect(saved.parameters.find((p) => p.key === 'search.standard.dailyLimit')!.value1).toBe('20');
    await eventually(async () => authParameters().number('search.standard.dailyLimit') === 20, 5_000);

    const audit = await h.bus.request(AdminService.method.listSystemParameterChanges, { caller: ADMIN });
    expect(audit.total).toBe(1);
    const [change] = audit.changes;
    expect(change.changedBy).toBe(ADMIN.email);
    expect(change.changedAt).toBe('2030-03-10T12:00:00.000Z');
    expect(change.before.find((p) => p.key === 'search.standard.dailyLimit')!.value1).toBe('15');
    expect(change.after.find((p) => p.key === 'search.standard.dailyLimit')!.value1).toBe('20');
    await expect(
      h.bus.request(AdminService.method.listSystemParameterChanges, { caller: USER }),
    ).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
  });

  it('a restarted service fetches the current values at start', async () => {
    await h.restartAuth();
    expect(authParameters().number('search.standard.dailyLimit')).toBe(20);
  });

  it('a restarted admin service keeps the stored values and publishes them again', async () => {
    await h.bus.request(AdminService.method.updateSystemParameters, {
      caller: ADMIN,
      parameters: edited('search.deep.dailyLimit', '7'),
    });
    await eventually(async () => authParameters().number('search.deep.dailyLimit') === 7);
    // Auth misses a change (applied locally only), then the admin's restart brings it back in line.
    authParameters().apply([{ ...SYSTEM_PARAMETER_DEFAULTS[2], value1: '1' }]);
    await h.restartAdmin();
    const r = await h.bus.request(AdminService.method.getSystemParameters, {});
    expect(r.parameters.find((p) => p.key === 'search.deep.dailyLimit')!.value1).toBe('7');
    await eventually(async () => authParameters().number('search.deep.dailyLimit') === 7);
  });
});
