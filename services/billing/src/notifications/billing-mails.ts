import { Inject, Injectable } from '@nestjs/common';
import { Mailer } from '@shelfscan/mail';
import { createLogger } from '@shelfscan/observability';

const log = createLogger('billing.mails');

const TEXT = {
  tr: {
    threeDs:
      'Bankanız bu ödeme için 3-D Secure doğrulaması istiyor. ShelfScan’e giriş yapın, ödeme sayfasında ödenmemiş planı iptal edip yeniden alarak ödemeyi 3-D Secure ile onaylayın.',
    subject: 'ShelfScan: ödemeniz alınamadı',
    body: (reason: string, next: string) =>
      `Aylık ShelfScan ödemeniz alınamadı: ${reason}.\n` +
      (next
        ? `${next} tarihinde yeniden deneyeceğiz. Kartınızı güncellerseniz hemen yeniden denenir.`
        : 'Planınız yenilenmedi ve pasif hale geldi. Yeni bir plan alabilirsiniz.'),
  },
  en: {
    threeDs:
      'Your bank asks for 3-D Secure verification for this payment. Log in to ShelfScan, cancel the unpaid plan on the payment page and buy it again to approve the payment with 3-D Secure.',
    subject: 'ShelfScan: your payment failed',
    body: (reason: string, next: string) =>
      `Your monthly ShelfScan payment failed: ${reason}.\n` +
      (next
        ? `We will try again on ${next}. Updating your card retries at once.`
        : 'Your plan was not renewed and is now inactive. You can buy a new plan.'),
  },
};

/**
 * The mails billing sends: a failed renewal (with the next retry, or the end of the plan; when
 * the bank asks for 3-D Secure, how to pay with the user present).
 */
@Injectable()
export class BillingMails {
  constructor(@Inject(Mailer) private readonly mailer: Mailer) {}

  async paymentFailed(
    to: string,
    lang: string,
    reason: string,
    nextRetryDate: string | null,
    threeDsRequired = false,
  ): Promise<void> {
    const t = lang === 'en' ? TEXT.en : TEXT.tr;
    const text = t.body(reason, nextRetryDate ?? '') + (threeDsRequired ? `\n${t.threeDs}` : '');
    try {
      await this.mailer.send({
        to,
        subject: t.subject,
        text,
        html: `<p>${escape(text).replace(/\n/g, '<br>')}</p>`,
      });
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'payment failure mail not sent');
    }
  }
}

function escape(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}
