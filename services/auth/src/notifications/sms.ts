import fs from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '@shelfscan/service';

/** The SMS port: `to` is E.164. */
export abstract class SmsSender {
  abstract send(to: string, text: string): Promise<void>;
}

/** Without a provider: one text file per message under DATA_DIR/outbox/sms/<timestamp>-<e164>.txt. */
export class FileSmsSender extends SmsSender {
  constructor(
    readonly dir: string,
    private readonly clock: Clock,
  ) {
    super();
  }

  async send(to: string, text: string): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    const stamp = this.clock.now().toISOString().replace(/[:.]/g, '-');
    const file = path.join(this.dir, `${stamp}-${to}.txt`);
    await fs.writeFile(file, `To: ${to}\n\n${text}\n`, { mode: 0o600 });
  }
}

/**
 * Twilio's Programmable Messaging REST API (SMS_PROVIDER=twilio): POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded To, From, Body, HTTP basic auth
 * with the account SID and auth token. A non-2xx answer is an error carrying Twilio's message.
 */
export class TwilioSmsSender extends SmsSender {
  constructor(
    private readonly opts: {
      accountSid: string;
      authToken: string;
      from: string;
      /** Overridable for tests; https://api.twilio.com by default. */
      apiBase?: string;
    },
  ) {
    super();
  }

  async send(to: string, text: string): Promise<void> {
    const base = this.opts.apiBase ?? 'https://api.twilio.com';
    const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(this.opts.accountSid)}/Messages.json`;
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${this.opts.accountSid}:${this.opts.authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ To: to, From: this.opts.from, Body: text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) {
      const detail = await res.text().catch(() => '');
      throw new Error(`Twilio answered ${res.status}: ${detail.slice(0, 300)}`);
    }
  }
}
