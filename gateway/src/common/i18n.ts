import { AsyncLocalStorage } from 'node:async_hooks';

export type Lang = 'tr' | 'en';
const langStore = new AsyncLocalStorage<Lang>();

/** The caller's language (Accept-Language: tr or en; Turkish by default), for messages the gateway writes. */
export function runWithLang<T>(acceptLanguage: string | undefined, fn: () => T): T {
  const lang: Lang = /^\s*en\b/i.test(acceptLanguage ?? '') ? 'en' : 'tr';
  return langStore.run(lang, fn);
}

export function currentLang(): Lang {
  return langStore.getStore() ?? 'tr';
}

const messages: Record<string, Record<Lang, string>> = {
  nameInvalid: { en: 'Name is invalid.', tr: 'Ad geçersiz.' },
  surnameInvalid: { en: 'Surname is invalid.', tr: 'Soyad geçersiz.' },
  emailInvalid: { en: 'Email is invalid.', tr: 'E-posta geçersiz.' },
  phoneMin: { en: 'Phone must have at least 10 digits.', tr: 'Telefon en az 10 haneli olmalıdır.' },
  passwordMin: { en: 'Password must be at least 6 characters.', tr: 'Şifre en az 6 karakter olmalıdır.' },
  passwordRequired: { en: 'Password is required.', tr: 'Şifre zorunludur.' },
  required: { en: 'This is required.', tr: 'Bu alan zorunludur.' },
  langInvalid: { en: 'Language must be tr or en.', tr: 'Dil tr ya da en olmalıdır.' },
  // The rest of the shared field rules (@shelfscan/validation)
  tooLong: { en: 'This is too long.', tr: 'Bu alan çok uzun.' },
  passwordMax: {
    en: 'Password must be at most 128 characters.',
    tr: 'Şifre en fazla 128 karakter olabilir.',
  },
  confirmPassword: { en: 'Passwords do not match.', tr: 'Şifreler eşleşmiyor.' },
  terms: { en: 'You must accept the user agreement.', tr: 'Kullanıcı sözleşmesini kabul etmelisiniz.' },
  asinInvalid: {
    en: 'An ASIN must be exactly 10 letters or digits.',
    tr: 'ASIN tam olarak 10 harf ya da rakam olmalıdır.',
  },
  asinTooMany: { en: 'Too many ASINs.', tr: 'Çok fazla ASIN girildi.' },
  urlInvalid: { en: 'Enter a valid web address.', tr: 'Geçerli bir web adresi girin.' },
  starRange: { en: 'Stars must be between 0 and 5.', tr: 'Yıldız 0 ile 5 arasında olmalıdır.' },
  priceInvalid: { en: 'Price must be 0 or more.', tr: 'Fiyat 0 ya da daha büyük olmalıdır.' },
  rangeInvalid: {
    en: 'The maximum may not be below the minimum.',
    tr: 'En yüksek değer en düşük değerden küçük olamaz.',
  },
  cardHolderInvalid: { en: 'Card holder name is invalid.', tr: 'Kart sahibinin adı geçersiz.' },
  cardNumberInvalid: { en: 'Card number is invalid.', tr: 'Kart numarası geçersiz.' },
  expiryMonthInvalid: { en: 'Expiry month must be 1–12.', tr: 'Son kullanma ayı 1–12 olmalıdır.' },
  expiryYearInvalid: {
    en: 'Expiry year must be two digits.',
    tr: 'Son kullanma yılı iki haneli olmalıdır.',
  },
  cardExpired: { en: 'This card has expired.', tr: 'Bu kartın süresi dolmuş.' },
  cvcInvalid: { en: 'Security code must be 3 or 4 digits.', tr: 'Güvenlik kodu 3 ya da 4 haneli olmalıdır.' },
  notAvailableYet: { en: 'This feature is not available yet.', tr: 'Bu özellik henüz kullanılamıyor.' },
  unknownField: { en: 'Unknown field: {field}.', tr: 'Bilinmeyen alan: {field}.' },
  // Accounts (issue 3)
  passwordCommon: {
    en: 'This password is too common; choose another one.',
    tr: 'Bu şifre çok yaygın; başka bir şifre seçin.',
  },
  phoneInvalid: { en: 'Phone number is invalid.', tr: 'Telefon numarası geçersiz.' },
  codeInvalid: { en: 'The code must be 6 digits.', tr: 'Kod 6 haneli olmalıdır.' },
  keyRequired: { en: 'The reset key is required.', tr: 'Sıfırlama anahtarı zorunludur.' },
  emailNotChangeable: {
    en: 'The email address cannot be changed.',
    tr: 'E-posta adresi değiştirilemez.',
  },
  photoInvalidType: {
    en: 'The photo must be a JPG, GIF or PNG image.',
    tr: 'Fotoğraf JPG, GIF ya da PNG olmalıdır.',
  },
  photoTooLarge: { en: 'The photo must be at most 800 kB.', tr: 'Fotoğraf en fazla 800 kB olabilir.' },
  photoMissing: { en: 'Choose a photo to upload.', tr: 'Yüklenecek bir fotoğraf seçin.' },
  accountUpdated: {
    en: 'Your information has been successfully updated.',
    tr: 'Bilgileriniz başarıyla güncellendi.',
  },
  activationDone: {
    en: 'You are now verified. Please use your username/password to login.',
    tr: 'Hesabınız doğrulandı. Lütfen e-posta adresiniz ve şifrenizle giriş yapın.',
  },
  activationSent: {
    en: 'If an inactive account uses this address, a new code has been sent.',
    tr: 'Bu adresle etkinleştirilmemiş bir hesap varsa yeni bir kod gönderildi.',
  },
  registered: {
    en: 'Your account has been created. Enter the code we emailed you to activate it.',
    tr: 'Hesabınız oluşturuldu. Etkinleştirmek için e-postanıza gönderdiğimiz kodu girin.',
  },
  resetRequested: {
    en: 'If an account uses this address, we have emailed a link to reset the password.',
    tr: 'Bu adresle bir hesap varsa şifre sıfırlama bağlantısını e-postayla gönderdik.',
  },
  resetDone: {
    en: 'Your password has been changed. You can log in with the new one.',
    tr: 'Şifreniz değiştirildi. Yeni şifrenizle giriş yapabilirsiniz.',
  },
};

/** Translates a message key; any other text is returned as it is. */
export function t(keyOrText: string, params: Record<string, string> = {}): string {
  const entry = messages[keyOrText];
  const text = entry ? entry[currentLang()] : keyOrText;
  return text.replace(/\{(\w+)\}/g, (_, k: string) => params[k] ?? '');
}
