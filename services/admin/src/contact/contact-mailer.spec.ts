import { Mailer, type MailMessage } from '@shelfscan/mail';
import { MailerContactMailer } from './contact-mailer.js';

class RecordingMailer extends Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
}

describe('MailerContactMailer (the contact form on the shared mailer)', () => {
  it('mails the message to the support address, naming the sender, with the HTML escaped', async () => {
    const mailer = new RecordingMailer();
    const sent = await new MailerContactMailer(mailer).send({
      to: 'support@shelfscan.local',
      replyTo: 'ayse@example.com',
      name: 'Ayşe Yılmaz',
      subject: 'Fatura',
      message: 'Faturamı <b>göremiyorum</b>.',
    });
    expect(sent).toBe(true);
    expect(mailer.sent).toHaveLength(1);
    const [mail] = mailer.sent;
    expect(mail).toMatchObject({ to: 'support@shelfscan.local', subject: '[ShelfScan contact] Fatura' });
    expect(mail.text).toContain('From: Ayşe Yılmaz <ayse@example.com>');
    expect(mail.text).toContain('Faturamı <b>göremiyorum</b>.');
    expect(mail.html).toContain('Faturamı &lt;b&gt;göremiyorum&lt;/b&gt;.');
    expect(mail.html).not.toContain('<b>');
  });
});
