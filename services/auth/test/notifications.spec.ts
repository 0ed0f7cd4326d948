import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { TwilioSmsSender } from '../src/notifications/sms.js';
import { A, startHarness } from './harness.js';

describe('mail through a real SMTP server (SMTP_URL)', () => {
  it('delivers the activation email to the SMTP catcher, with the code that activates the account', async () => {
    const received: { envelopeTo: string[]; mail: ParsedMail }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        simpleParser(stream).then(
          (mail) => {
            received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), mail });
            callback();
          },
          (err: Error) => callback(err),
        );
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    const h = await startHarness({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'ShelfScan <hello@shelfscan.test>',
    });
    try {
      await h.register('smtp@example.com', { langKey: 'en' });
      expect(received).toHaveLength(1);
      const { envelopeTo, mail } = received[0];
      expect(envelopeTo).toEqual(['smtp@example.com']);
      expect(mail.from?.text).toBe('"ShelfScan" <hello@shelfscan.test>');
      const code = /Your activation code: (\d{6})/.exec(mail.text ?? '')![1];
      expect(mail.html).toContain(code);
      expect(await h.mailsTo('smtp@example.com')).toHaveLength(0); // no .eml when SMTP is configured
      await h.bus.request(A.activate, { email: 'smtp@example.com', code });
      expect((await h.bus.request(A.checkActivation, { email: 'smtp@example.com' })).activated).toBe(true);
    } finally {
      await h.stop();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});

describe('Twilio SMS sender', () => {
  it('posts To, From and Body with basic auth to the Messages resource, and fails on an error answer', async () => {
    const calls: { url: string; auth: string; type: string; body: string }[] = [];
    let status = 201;
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        calls.push({
          url: req.url!,
          auth: req.headers.authorization ?? '',
          type: req.headers['content-type'] ?? '',
          body,
        });
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(status === 201 ? '{"sid":"SM1"}' : '{"message":"The To number is not valid"}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const sender = new TwilioSmsSender({
      accountSid: 'AC123',
      authToken: 'tok',
      from: '+15005550006',
      apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    });
    try {
      await sender.send('+905321112233', 'code 123456');
      expect(calls).toHaveLength(1);
      expect(calls[0].url).toBe('/2010-04-01/Accounts/AC123/Messages.json');
      expect(calls[0].auth).toBe(`Basic ${Buffer.from('AC123:tok').toString('base64')}`);
      expect(calls[0].type).toContain('application/x-www-form-urlencoded');
      expect(Object.fromEntries(new URLSearchParams(calls[0].body))).toEqual({
        To: '+905321112233',
        From: '+15005550006',
        Body: 'code 123456',
      });
      status = 400;
      await expect(sender.send('+90', 'x')).rejects.toThrow(/Twilio answered 400: .*not valid/);
    } finally {
      server.close();
    }
  });
});
