import { BusError } from '@shelfscan/bus';
import { adminV1 } from '@shelfscan/contracts';
import { HOUR, MINUTE, SYSTEM_PARAMETER_DEFAULTS } from '@shelfscan/service';
import { ContactMailRetry } from '../src/contact/contact-mail-retry.js';
import { eventually } from '@shelfscan/testing';
import { ADMIN, USER, startAdminHarness, type AdminHarness } from './harness.js';

const { AdminService } = adminV1;

describe('contact form (admin service, real PostgreSQL)', () => {
  let h: AdminHarness;
  beforeAll(async () => {
    h = await startAdminHarness();
    await h.signUp('ayse@example.com', 'Ayşe', 'Yılmaz');
  }, 60_000);
  afterAll(() => h?.stop(), 30_000);

  const send = (subject: string, message: string, email = 'ayse@example.com') =>
    h.bus.request(AdminService.method.sendContactMessage, { email, subject, message });

  it('wants a subject and a message', async () => {
    const err: BusError = await send(' ', '').then(
      () => undefined as never,
      (e: BusError) => e,
    );
    expect(err.code).toBe('INVALID_ARGUMENT');
    expect(err.violations).toEqual([
      { field: 'contactSubject', msg: 'required' },
      { field: 'contactTitle', msg: 'required' },
    ]);
  });

  it('stores the message with the name of the account, mails it to the support address of the parameters', async () => {
    const parameters = SYSTEM_PARAMETER_DEFAULTS.map((d) =>
      d.key === 'contact.supportEmail' ? { ...d, value1: 'help@shelfscan.example' } : { ...d },
    );
    await h.bus.request(AdminService.method.updateSystemParameters, { caller: ADMIN, parameters });
    await eventually(async () => {
      const l = await h.bus.request(AdminService.method.listUsers, { caller: ADMIN, search: 'ayse' });
      return l.total === 1;
    });
    const { id } = await send('Fatura', 'Faturamı göremiyorum.');
    expect(h.mailer.sent).toEqual([
      {
        to: 'help@shelfscan.example',
        replyTo: 'ayse@example.com',
        name: 'Ayşe Yılmaz',
        subject: 'Fatura',
        message: 'Faturamı göremiyorum.',
      },
    ]);
    const list = await h.bus.request(AdminService.method.listContactMessages, { caller: ADMIN });
    expect(list.total).toBe(1);
    expect(list.messages[0]).toMatchObject({
      id,
      email: 'ayse@example.com',
      name: 'Ayşe Yılmaz',
      subject: 'Fatura',
      createdAt: h.clock.now().toISOString(),
      mailedAt: h.clock.now().toISOString(),
    });
    await expect(
      h.bus.request(AdminService.method.listContactMessages, { caller: USER }),
    ).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
  });

  it('allows 5 messages an hour per user, then answers with the wait', async () => {
    for (let i = 2; i <= 5; i++) {
      h.clock.advance(MINUTE);
      await send(`Konu ${i}`, 'mesaj');
    }
    h.clock.advance(MINUTE);
    const err: BusError = await send('Konu 6', 'mesaj').then(
      () => undefined as never,
      (e: BusError) => e,
    );
    expect(err.code).toBe('RESOURCE_EXHAUSTED');
    expect(err.reason).toBe('contactTooMany');
    // The first of the five was sent 5 minutes ago: a slot frees 55 minutes from now.
    expect(err.options.retryAfterSeconds).toBe(55 * 60);
    // Another user is not limited by Ayşe's messages.
    await send('Merhaba', 'mesaj', 'other@example.com');
    h.clock.advance(55 * MINUTE);
    await send('Konu 6', 'mesaj');
    expect((await h.bus.request(AdminService.method.listContactMessages, { caller: ADMIN })).total).toBe(7);
  });

  it('tries a failed mail again with backoff by the clock until the mailer recovers', async () => {
    const retry = h.admin.app.get(ContactMailRetry);
    const stored = async (id: string) =>
      (
        await h.bus.request(AdminService.method.listContactMessages, { caller: ADMIN, size: 100 })
      ).messages.find((m) => m.id === id)!;
    h.mailer.failWith = new Error('SMTP 421 try again later');
    h.clock.advance(2 * HOUR);
    const { id } = await send('Kart', 'Kartım reddedildi.', 'retry@example.com');
    expect(await stored(id)).toMatchObject({ mailedAt: '', mailFailures: 1 });

    // Not due yet (the first retry waits a minute): nothing is tried.
    const tries = h.mailer.tries;
    expect(await retry.tick()).toBe(0);
    expect(h.mailer.tries).toBe(tries);
    // Due: tried, fails again; the next wait doubles (2 minutes).
    h.clock.advance(MINUTE);
    expect(await retry.tick()).toBe(0);
    expect(h.mailer.tries).toBe(tries + 1);
    expect(await stored(id)).toMatchObject({ mailedAt: '', mailFailures: 2 });
    h.clock.advance(MINUTE);
    expect(await retry.tick()).toBe(0);
    expect(h.mailer.tries).toBe(tries + 1);

    // The mailer recovers: the next due try sends it, once.
    h.mailer.failWith = null;
    h.clock.advance(MINUTE);
    expect(await retry.tick()).toBe(1);
    expect(h.mailer.sent.at(-1)).toMatchObject({ replyTo: 'retry@example.com', subject: 'Kart' });
    expect(await stored(id)).toMatchObject({ mailedAt: h.clock.now().toISOString(), mailFailures: 2 });
    h.clock.advance(HOUR);
    expect(await retry.tick()).toBe(0);
    expect(h.mailer.sent.filter((m) => m.replyTo === 'retry@example.com')).toHaveLength(1);
  });

  it('gives up after 10 failed tries, the message still listed with its failures', async () => {
    const retry = h.admin.app.get(ContactMailRetry);
    h.mailer.failWith = new Error('mailbox unavailable');
    h.clock.advance(2 * HOUR);
    const { id } = await send('Vazgeç', 'mesaj', 'giveup@example.com');
    for (let i = 0; i < 20; i++) {
      h.clock.advance(HOUR);
      await retry.tick();
    }
    h.mailer.failWith = null;
    const list = await h.bus.request(AdminService.method.listContactMessages, { caller: ADMIN, size: 100 });
    expect(list.messages.find((m) => m.id === id)).toMatchObject({ mailedAt: '', mailFailures: 10 });
  });
});
