import { htmlPage, type Lang, type RenderedMail } from './layout.js';

/** A webhook failed every delivery for a day and was disabled (issue 18). */
export function webhookDisabledMail(
  lang: Lang,
  v: { firstName: string; url: string; lastResponseCode: number; lastError: string; link: string },
): RenderedMail {
  const last = v.lastResponseCode ? `HTTP ${v.lastResponseCode}` : v.lastError;
  const s =
    lang === 'en'
      ? {
          subject: 'ShelfScan: your webhook was disabled',
          hello: `Hello ${v.firstName},`,
          body: `Every delivery to your webhook ${v.url} failed for a day, so we disabled it. The last attempt got: ${last}.`,
          next: 'Its deliveries stay in its log on your account page. Once the address works again, send a test event from there: that enables it again.',
          button: 'Open my account',
          footer: 'You receive this email because you registered this webhook on ShelfScan.',
        }
      : {
          subject: 'ShelfScan: webhook’unuz devre dışı bırakıldı',
          hello: `Merhaba ${v.firstName},`,
          body: `${v.url} adresindeki webhook’unuza yapılan tüm gönderimler bir gün boyunca başarısız oldu, bu yüzden devre dışı bıraktık. Son deneme sonucu: ${last}.`,
          next: 'Gönderimleri hesap sayfanızdaki kayıtta duruyor. Adres yeniden çalıştığında oradan bir test olayı gönderin: webhook yeniden etkinleşir.',
          button: 'Hesabımı aç',
          footer: 'Bu e-postayı, bu webhook’u ShelfScan’de kaydettiğiniz için alıyorsunuz.',
        };
  return {
    subject: s.subject,
    text: [s.hello, '', s.body, '', s.next, '', `${s.button}: ${v.link}`, '', s.footer, ''].join('\n'),
    html: htmlPage({
      lang,
      title: s.subject,
      paragraphs: [s.hello, s.body, s.next],
      button: { label: s.button, href: v.link },
      footer: s.footer,
    }),
  };
}
