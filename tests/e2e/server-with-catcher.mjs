/**
 * The e2e web server: a real SMTP catcher (smtp-server + mailparser) on 127.0.0.1:E2E_SMTP_PORT, a
 * double of the central bank's `today.xml` (startCentralBank) on 127.0.0.1:E2E_FX_PORT and the marketplace simulator on
 * 127.0.0.1:E2E_SIM_PORT, then the embedded launcher (`node apps/all-in-one/dist/main.js`) with
 * SMTP_URL, FX_RATES_URL and MARKETPLACE_ORIGIN pointing at them.
 * Every captured mail is written as JSON ({to, from, subject, text, html, date}) into E2E_MAIL_DIR,
 * where the journeys read it (see outbox.ts). Used as Playwright's webServer command.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { startCentralBank, startSimulator } from '@shelfscan/simulator';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const smtpPort = Number(process.env.E2E_SMTP_PORT);
const mailDir = process.env.E2E_MAIL_DIR;
if (!smtpPort || !mailDir) {
  console.error('server-with-catcher: E2E_SMTP_PORT and E2E_MAIL_DIR are required');
  process.exit(2);
}
fs.mkdirSync(mailDir, { recursive: true });

let counter = 0;
const addresses = (field) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value.map((v) => v.address));

const catcher = new SMTPServer({
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const record = {
          to: addresses(mail.to),
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          from: addresses(mail.from),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          date: new Date().toISOString(),
        };
        const name = `${Date.now()}-${String(++counter).padStart(4, '0')}.json`;
        // Write then rename: a reader never sees half a file.
        fs.writeFileSync(path.join(mailDir, `.${name}`), JSON.stringify(record, null, 2));
        fs.renameSync(path.join(mailDir, `.${name}`), path.join(mailDir, name));
        callback();
      })
      .catch((err) => callback(err));
  },
});

// The central bank for billing: the double of `make demo` (tools/simulator), its bulletin dated today
// in Istanbul so that a charge may use it (billing.fxMaxAgeDays), at the USD selling rate of the
// bank's 8 Oct 2020 bulletin (shared/fixtures/tcmb), which billing.e2e.ts prices with.
const fxPort = Number(process.env.E2E_FX_PORT ?? smtpPort + 1000);
const fx = await startCentralBank({ port: fxPort, usdSelling: '7.9073' });

// The marketplace simulator (tools/simulator) stands in for Amazon, as in `make demo`: the scraper
// sends every marketplace request to it (MARKETPLACE_ORIGIN). Its stores are made from their seeds;
// a journey finds a store's seller id by its seed at http://127.0.0.1:E2E_SIM_PORT/__sim/stores.
const E2E_STORES = [
  // admin.e2e.ts: a small store a standard scan finishes quickly, a large one a deep scan takes minutes on.
  { seed: 'e2e-admin-small', size: 40 },
  { seed: 'e2e-admin-large', size: 6_000 },
];
const simPort = Number(process.env.E2E_SIM_PORT ?? smtpPort + 2000);
const sim = await startSimulator({ port: simPort, stores: E2E_STORES });

catcher.on('error', (err) => console.error('smtp catcher:', err));
catcher.listen(smtpPort, '127.0.0.1', () => {
  const child = spawn(process.execPath, [path.join(root, 'apps/all-in-one/dist/main.js')], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      FX_RATES_URL: process.env.FX_RATES_URL ?? fx.url,
      MARKETPLACE_ORIGIN: process.env.MARKETPLACE_ORIGIN ?? sim.url,
    },
  });
  const stop = (signal) => {
    if (child.exitCode === null) child.kill(signal);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
  child.on('exit', (code, signal) => {
    void fx.close();
    void sim.close();
    catcher.close(() => process.exit(code ?? (signal ? 1 : 0)));
    setTimeout(() => process.exit(code ?? 1), 2000).unref();
  });
});
