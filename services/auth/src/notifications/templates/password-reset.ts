import { htmlPage, type Lang, type RenderedMail } from './layout.js';

/** The password reset email: a single-use link valid for one hour. */
export function passwordResetMail(lang: Lang, v: { firstName: string; link: string }): RenderedMail {
  const s =
    lang === 'en'
      ? {
          subject: 'Reset your ShelfScan password',
          title: 'Reset your password',
          hello: `Hello ${v.firstName},`,
          body: 'We received a request to reset the password of your ShelfScan account. Open the link below to choose a new password.',
          expiry:
            'The link is valid for one hour and can be used once. After the reset, you are logged out everywhere.',
          button: 'Choose a new password',
          footer: 'If you did not ask for this, ignore this email: your password stays as it is.',
        }
      : {
          subject: 'ShelfScan şifrenizi sıfırlayın',
          title: 'Şifrenizi sıfırlayın',
          hello: `Merhaba ${v.firstName},`,
          body: 'ShelfScan hesabınızın şifresini sıfırlama isteği aldık. Yeni bir şifre belirlemek için aşağıdaki bağlantıyı açın.',
          expiry:
            'Bağlantı bir saat geçerlidir ve yalnızca bir kez kullanılabilir. Sıfırlamadan sonra tüm oturumlarınız kapanır.',
          button: 'Yeni şifre belirle',
          footer: 'Bu isteği siz yapmadıysanız bu e-postayı dikkate almayın: şifreniz değişmez.',
        };
  return {
    subject: s.subject,
    text: [s.hello, '', s.body, '', `${s.button}: ${v.link}`, '', s.expiry, '', s.footer, ''].join('\n'),
    html: htmlPage({
      lang,
      title: s.title,
      paragraphs: [s.hello, s.body, s.expiry],
      button: { label: s.button, href: v.link },
      footer: s.footer,
    }),
  };
}
