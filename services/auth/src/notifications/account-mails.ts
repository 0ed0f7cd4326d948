import { createLogger } from '@shelfscan/observability';
import type { Mailer } from '@shelfscan/mail';
import { activationMail } from './templates/activation.js';
import type { Lang } from './templates/layout.js';
import { passwordResetMail } from './templates/password-reset.js';
import { trackerDigestMail, type TrackerDigest } from './templates/tracker-digest.js';
import { webhookDisabledMail } from './templates/webhook-disabled.js';

const log = createLogger('auth');

/** The emails of the account flows, in the user's language, with links into the web app. */
export class AccountMails {
  constructor(
    private readonly mailer: Mailer,
    /** The web app's origin, e.g. https://shelfscan.example (no trailing slash). */
    private readonly publicUrl: string,
  ) {}

  /** Turkish routes are at the root, English ones under /us. */
  link(lang: Lang, route: string, params: Record<string, string> = {}): string {
    const prefix = lang === 'en' ? '/us' : '';
    const query = new URLSearchParams(params).toString();
    return `${this.publicUrl.replace(/\/+$/, '')}${prefix}${route}${query ? `?${query}` : ''}`;
  }

  async sendActivation(user: { email: string; firstName: string; langKey: string }, code: string) {
    const lang = asLang(user.langKey);
    const link = this.link(lang, '/auth/register-verification', { email: user.email, key: code });
    await this.deliver(
      user.email,
      activationMail(lang, { firstName: user.firstName, code, link }),
      'activation',
    );
  }

  async sendPasswordReset(user: { email: string; firstName: string; langKey: string }, key: string) {
    const lang = asLang(user.langKey);
    const link = this.link(lang, '/auth/resetpassword', { email: user.email, key });
    await this.deliver(
      user.email,
      passwordResetMail(lang, { firstName: user.firstName, link }),
      'password reset',
    );
  }

  /**
   * The digest of a tracked store's run (issue 18), linking to its store page. A failed send
   * throws: the caller keeps the run unsent so that the event's redelivery tries again.
   */
  async sendTrackerDigest(
    user: { email: string; firstName: string; langKey: string },
    trackerId: string,
    digest: (lang: Lang) => Omit<TrackerDigest, 'firstName' | 'link'>,
  ) {
    const lang = asLang(user.langKey);
    const link = this.link(lang, `/trackers/${encodeURIComponent(trackerId)}`);
    await this.mailer.send({
      to: user.email,
      ...trackerDigestMail(lang, { ...digest(lang), firstName: user.firstName, link }),
    });
  }

  /** A webhook was disabled after a day of failed deliveries; a failed send throws (redelivery tries again). */
  async sendWebhookDisabled(
    user: { email: string; firstName: string; langKey: string },
    v: { url: string; lastResponseCode: number; lastError: string },
  ) {
    const lang = asLang(user.langKey);
    const link = this.link(lang, '/account');
    await this.mailer.send({
      to: user.email,
      ...webhookDisabledMail(lang, { ...v, firstName: user.firstName, link }),
    });
  }

  /**
   * A failed send is logged, not thrown: the change it announces is already committed, and the
   * user can ask again (resend / new reset request).
   */
  private async deliver(to: string, mail: { subject: string; text: string; html: string }, kind: string) {
    try {
      await this.mailer.send({ to, ...mail });
    } catch (err) {
      log.error({ err, kind }, 'sending an email failed');
    }
  }
}

export function asLang(langKey: string): Lang {
  return langKey === 'en' ? 'en' : 'tr';
}
