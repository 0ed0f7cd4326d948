import type { AddressInfo } from 'node:net';
import { adminEventsV1, searchEventsV1 } from '@shelfscan/contracts';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { startHarness, type Harness } from './harness.js';

/** A real SMTP server that keeps what it receives. */
async function smtpCatcher() {
  const received: ParsedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    to: (email: string) => received.filter((m) => (m.to && !Array.isArray(m.to) ? m.to.text : '') === email),
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

const asins = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({
    asin: `B0${String(from + i).padStart(8, '0')}`,
    title: i === 1 ? '' : `Product ${from + i}`,
  }));

function changed(over: Partial<searchEventsV1.TrackerChanged> = {}) {
  return {
    trackerId: 'trk-1',
    runId: 'run-1',
    userEmail: 'tr@example.com',
    storeUrl: 'https://www.amazon.co.uk/s?me=A1B2C3D4E5F6G7',
    market: 'uk',
    searchType: 'standard',
    label: 'Rival Books',
    addedCount: 25,
    removedCount: 3,
    added: asins(25),
    removed: asins(3, 100),
    complete: true,
    notSeen: 0,
    finishedAt: '2030-03-10T09:30:00Z',
    alertEmail: true,
    alertWebhook: false,
    alertTelegram: false,
    ...over,
  };
}

describe('tracker email digest (TrackerChanged)', () => {
  let h: Harness;
  let smtp: Awaited<ReturnType<typeof smtpCatcher>>;

  beforeAll(async () => {
    smtp = await smtpCatcher();
    h = await startHarness({ SMTP_URL: smtp.url, MAIL_FROM: 'ShelfScan <hello@shelfscan.test>' });
    await h.register('tr@example.com', { langKey: 'tr' });
    await h.register('en@example.com', { langKey: 'en', firstName: 'Ann' });
  });
  afterAll(async () => {
    await h.stop();
    await smtp.close();
  });

  const digests = (email: string) => smtp.to(email).filter((m) => /Rival|Store/.test(m.subject ?? ''));

  it('mails a Turkish digest: counts, the first 20 added ASINs with titles, the store page link', async () => {
    await h.publish(searchEventsV1.TrackerChangedSchema, changed());
    const [mail, ...rest] = digests('tr@example.com');
    expect(rest).toHaveLength(0);
    expect(mail.subject).toBe('ShelfScan: Rival Books: 25 eklendi, 3 kaldırıldı');
    const text = mail.text ?? '';
    expect(text).toContain('Merhaba Ayşe,');
    expect(text).toContain('Birleşik Krallık');
    expect(text).toContain('https://www.amazon.co.uk/s?me=A1B2C3D4E5F6G7');
    expect(text).toContain('Eklenen: 25. Kaldırılan: 3.');
    expect(text).toContain('Eklenen ilk 20 ASIN:');
    expect(text).toContain('- B000000000 — Product 0');
    expect(text).toMatch(/^- B000000001$/m); // no title: the ASIN alone
    expect(text).toContain('- B000000019 — Product 19');
    expect(text).not.toContain('B000000020');
    expect(text).toContain('…ve mağaza sayfasında 5 tane daha.');
    expect(text).toContain('https://shelfscan.example/trackers/trk-1');
    expect(text).not.toContain('/us/');
    expect(mail.html).toContain('<li>B000000000 — Product 0</li>');
    expect(mail.html).toContain('href="https://shelfscan.example/trackers/trk-1"');
  });

  it('mails English users in English with the /us link, and tells a partial run by what it did not see', async () => {
    await h.publish(
      searchEventsV1.TrackerChangedSchema,
      changed({
        runId: 'run-en',
        userEmail: 'en@example.com',
        label: '',
        addedCount: 2,
        added: asins(2),
        removedCount: 0,
        removed: [],
        complete: false,
        notSeen: 7,
      }),
    );
    const [mail] = smtp.to('en@example.com').filter((m) => /added/.test(m.subject ?? ''));
    expect(mail.subject).toBe(
      'ShelfScan: https://www.amazon.co.uk/s?me=A1B2C3D4E5F6G7: 2 added, partial run',
    );
    const text = mail.text ?? '';
    expect(text).toContain('Hello Ann,');
    expect(text).toContain('United Kingdom');
    expect(text).toContain('Added: 2. Partial run: no removals reported, 7 not seen.');
    expect(text).toContain('First 2 added ASINs:');
    expect(text).toContain('Open the store page: https://shelfscan.example/us/trackers/trk-1');
  });

  it('sends once per run: a redelivery or a second event of the same run sends nothing more', async () => {
    const before = digests('tr@example.com').length;
    await h.publish(searchEventsV1.TrackerChangedSchema, changed({ runId: 'run-2' }), 3);
    await h.publish(searchEventsV1.TrackerChangedSchema, changed({ runId: 'run-2' }));
    expect(digests('tr@example.com')).toHaveLength(before + 1);
  });

  it('sends nothing without a change, with the email switch off, or for an unknown user', async () => {
    const before = smtp.to('tr@example.com').length;
    await h.publish(
      searchEventsV1.TrackerChangedSchema,
      changed({ runId: 'run-3', addedCount: 0, added: [], removedCount: 0, removed: [] }),
    );
    await h.publish(searchEventsV1.TrackerChangedSchema, changed({ runId: 'run-4', alertEmail: false }));
    await h.publish(
      searchEventsV1.TrackerChangedSchema,
      changed({ runId: 'run-5', userEmail: 'nobody@example.com' }),
    );
    expect(smtp.to('tr@example.com')).toHaveLength(before);
    expect(smtp.to('nobody@example.com')).toHaveLength(0);
    expect(
      await h.sql(`SELECT run_id FROM auth.tracker_alert_sent WHERE run_id IN ('run-3','run-4','run-5')`),
    ).toEqual([]);
  });

  it('tells the owner of a disabled webhook, in their language, once per message', async () => {
    const disabled = {
      webhookId: 'w1',
      url: 'https://hooks.example.com/in',
      lastResponseCode: 503,
      lastError: 'HTTP 503',
      disabledAt: '2030-03-11T09:00:00Z',
    };
    await h.publish(searchEventsV1.WebhookDisabledSchema, { ...disabled, userEmail: 'en@example.com' }, 2);
    const en = smtp.to('en@example.com').filter((m) => /webhook/i.test(m.subject ?? ''));
    expect(en).toHaveLength(1);
    expect(en[0].subject).toBe('ShelfScan: your webhook was disabled');
    expect(en[0].text).toContain(
      'Every delivery to your webhook https://hooks.example.com/in failed for a day',
    );
    expect(en[0].text).toContain('HTTP 503');
    expect(en[0].text).toContain('https://shelfscan.example/us/account');
    await h.publish(searchEventsV1.WebhookDisabledSchema, {
      ...disabled,
      userEmail: 'tr@example.com',
      lastResponseCode: 0,
      lastError: 'no answer within 10 s',
    });
    const [tr] = smtp.to('tr@example.com').filter((m) => /webhook/i.test(m.subject ?? ''));
    expect(tr.subject).toBe('ShelfScan: webhook’unuz devre dışı bırakıldı');
    expect(tr.text).toContain('Son deneme sonucu: no answer within 10 s.');
    expect(tr.text).toContain('https://shelfscan.example/account');
  });

  it('forgets the sent runs of a deleted user', async () => {
    expect(
      (await h.sql(`SELECT 1 FROM auth.tracker_alert_sent WHERE user_email = 'tr@example.com'`)).length,
    ).toBe(2);
    await h.publish(adminEventsV1.UserDeletedSchema, { userId: 'u-tr', userEmail: 'tr@example.com' });
    expect(await h.sql(`SELECT 1 FROM auth.tracker_alert_sent WHERE user_email = 'tr@example.com'`)).toEqual(
      [],
    );
  });
});
