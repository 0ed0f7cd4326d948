import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ManualClock } from '@shelfscan/service';
import { FileMailer, SmtpMailer, createMailer } from './index.js';

describe('createMailer', () => {
  it('writes .eml files under DATA_DIR/outbox/mail without SMTP_URL, and uses SMTP with it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfscan-mail-'));
    try {
      const clock = new ManualClock('2030-01-15T09:00:00Z');
      const mailer = createMailer({ MAIL_FROM: 'ShelfScan <no-reply@x.test>', DATA_DIR: dataDir }, clock);
      expect(mailer).toBeInstanceOf(FileMailer);
      await mailer.send({
        to: 'ayşe@example.com',
        subject: 'Ödeme',
        text: 'Merhaba',
        html: '<p>Merhaba</p>',
      });
      const dir = path.join(dataDir, 'outbox', 'mail');
      const [file] = fs.readdirSync(dir);
      expect(file).toMatch(/^2030-01-15T09-00-00-000Z-0001-ay_e@example\.com\.eml$/);
      expect(fs.readFileSync(path.join(dir, file), 'utf8')).toContain('Merhaba');
      const smtp = createMailer(
        { SMTP_URL: 'smtp://localhost:2525', MAIL_FROM: 'a@b.test', DATA_DIR: dataDir },
        clock,
      );
      expect(smtp).toBeInstanceOf(SmtpMailer);
      smtp.onApplicationShutdown();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
