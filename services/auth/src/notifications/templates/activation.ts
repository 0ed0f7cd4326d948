import { htmlPage, type Lang, type RenderedMail } from './layout.js';

/** The activation email: the six-digit code, the verification link, and how long the code lasts. */
export function activationMail(
  lang: Lang,
  v: { firstName: string; code: string; link: string },
): RenderedMail {
  const s =
    lang === 'en'
      ? {
          subject: `ShelfScan activation code: ${v.code}`,
          title: 'Activate your ShelfScan account',
          hello: `Hello ${v.firstName},`,
          body: 'Thank you for signing up for ShelfScan. Enter this code on the registration screen to activate your account, or open the link below.',
          expiry:
            'The code is valid for 15 minutes and can be tried 5 times. You can ask for a new code on the registration screen.',
          button: 'Activate my account',
          footer: 'If you did not create a ShelfScan account, you can ignore this email.',
          codeLabel: 'Your activation code',
        }
      : {
          subject: `ShelfScan aktivasyon kodu: ${v.code}`,
          title: 'ShelfScan hesabınızı etkinleştirin',
          hello: `Merhaba ${v.firstName},`,
          body: "ShelfScan'e kaydolduğunuz için teşekkür ederiz. Hesabınızı etkinleştirmek için bu kodu kayıt ekranına girin ya da aşağıdaki bağlantıyı açın.",
          expiry:
            'Kod 15 dakika geçerlidir ve 5 kez denenebilir. Kayıt ekranından yeni bir kod isteyebilirsiniz.',
          button: 'Hesabımı etkinleştir',
          footer: 'Bir ShelfScan hesabı oluşturmadıysanız bu e-postayı dikkate almayın.',
          codeLabel: 'Aktivasyon kodunuz',
        };
  return {
    subject: s.subject,
    text: [
      s.hello,
      '',
      s.body,
      '',
      `${s.codeLabel}: ${v.code}`,
      '',
      `${s.button}: ${v.link}`,
      '',
      s.expiry,
      '',
      s.footer,
      '',
    ].join('\n'),
    html: htmlPage({
      lang,
      title: s.title,
      paragraphs: [s.hello, s.body, s.expiry],
      code: v.code,
      button: { label: s.button, href: v.link },
      footer: s.footer,
    }),
  };
}
