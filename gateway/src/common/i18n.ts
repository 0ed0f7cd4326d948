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
  // Billing (issue 10)
  planActivated: { en: 'Your plan is active.', tr: 'Planınız etkinleştirildi.' },
  planCancelled: {
    en: 'Your plan is cancelled; you can use it until its end date.',
    tr: 'Planınız iptal edildi; bitiş tarihine kadar kullanabilirsiniz.',
  },
  trialStarted: { en: 'Your free one-day trial has started.', tr: 'Bir günlük ücretsiz denemeniz başladı.' },
  cardSaved: { en: 'Your card has been saved.', tr: 'Kartınız kaydedildi.' },
  cardDeleted: { en: 'Your card has been deleted.', tr: 'Kartınız silindi.' },
  changeSaved: { en: 'Change has been saved.', tr: 'Değişiklik kaydedildi.' },
  cardNumberInvalid: { en: 'Card number is invalid.', tr: 'Kart numarası geçersiz.' },
  expiryInvalid: { en: 'Expiry date is invalid.', tr: 'Son kullanma tarihi geçersiz.' },
  cardExpired: { en: 'The card has expired.', tr: 'Kartın süresi dolmuş.' },
  cvcInvalid: { en: 'Security code is invalid.', tr: 'Güvenlik kodu geçersiz.' },
  amountInvalid: {
    en: 'Enter an amount with at most 2 decimals.',
    tr: 'En fazla 2 ondalıklı bir tutar girin.',
  },
  dateInvalid: { en: 'Enter a date as YYYY-MM-DD.', tr: 'Tarihi YYYY-AA-GG biçiminde girin.' },
  promotionCodeInvalid: {
    en: 'A code has 2–40 letters, digits, - or _.',
    tr: 'Kod 2–40 harf, rakam, - ya da _ içerir.',
  },
  promotionTypeInvalid: { en: 'Type must be AMOUNT or PERCENT.', tr: 'Tür AMOUNT ya da PERCENT olmalıdır.' },
  promotionValueInvalid: {
    en: 'Value must be above 0 (at most 100 for a percent).',
    tr: 'Değer 0’dan büyük olmalıdır (yüzde için en fazla 100).',
  },
  promotionCountInvalid: { en: 'Count must be 0 or more.', tr: 'Adet 0 ya da daha fazla olmalıdır.' },
  // Billing errors, by reason ({detail} is the service's text, e.g. the bank's answer).
  'reason.packageNotFound': { en: 'Package not found.', tr: 'Paket bulunamadı.' },
  'reason.noCardFound': {
    en: 'No card found. Add a card first.',
    tr: 'Kart bulunamadı. Önce bir kart ekleyin.',
  },
  'reason.paymentFailed': { en: 'Payment failed: {detail}', tr: 'Ödeme başarısız: {detail}' },
  'reason.threeDsRequired': {
    en: 'Payment failed: your bank asks for 3-D Secure for this payment.',
    tr: 'Ödeme başarısız: bankanız bu ödeme için 3-D Secure doğrulaması istiyor.',
  },
  'reason.planAlreadyActive': {
    en: 'You already have a plan; a new plan or an upgrade is possible after its end date.',
    tr: 'Zaten bir planınız var; yeni plan ya da yükseltme bitiş tarihinden sonra mümkündür.',
  },
  'reason.promotionNotFound': { en: 'Promotion code not found.', tr: 'Promosyon kodu bulunamadı.' },
  'reason.promotionInactive': {
    en: 'This promotion code is not active.',
    tr: 'Bu promosyon kodu etkin değil.',
  },
  'reason.promotionExpired': {
    en: 'This promotion code has expired.',
    tr: 'Bu promosyon kodunun süresi dolmuş.',
  },
  'reason.promotionUsedUp': {
    en: 'This promotion code has no uses left.',
    tr: 'Bu promosyon kodunun kullanım hakkı kalmadı.',
  },
  'reason.promotionAlreadyUsed': {
    en: 'You have already used this promotion code.',
    tr: 'Bu promosyon kodunu zaten kullandınız.',
  },
  'reason.promotionMinimumBasket': {
    en: 'The basket is below this code’s minimum.',
    tr: 'Sepet tutarı bu kodun alt sınırının altında.',
  },
  'reason.promotionCodeTaken': {
    en: 'A promotion with this code exists.',
    tr: 'Bu kodla bir promosyon var.',
  },
  'reason.fxRateUnavailable': {
    en: 'No exchange rate of the central bank is available, so nothing was charged. Try again later.',
    tr: 'Merkez Bankası kuru alınamadığı için ödeme alınmadı. Lütfen daha sonra tekrar deneyin.',
  },
  'reason.paymentStatusUnknown': {
    en: 'The payment provider did not answer; the payment is being checked. Try again in a minute.',
    tr: 'Ödeme sağlayıcısı yanıt vermedi; ödeme kontrol ediliyor. Bir dakika sonra tekrar deneyin.',
  },
  'reason.paymentInProgress': {
    en: 'A payment for this plan is already in progress.',
    tr: 'Bu plan için bir ödeme zaten sürüyor.',
  },
  'reason.cardSaveFailed': { en: 'Card save failed: {detail}', tr: 'Kart kaydedilemedi: {detail}' },
  'reason.trialAlreadyUsed': {
    en: 'The free trial was already used by this account or phone number.',
    tr: 'Ücretsiz deneme bu hesap ya da telefon numarasıyla zaten kullanıldı.',
  },
  'reason.phoneNotVerified': {
    en: 'Verify your phone number to start the free trial.',
    tr: 'Ücretsiz denemeyi başlatmak için telefon numaranızı doğrulayın.',
  },
  'reason.paymentNotFound': { en: 'Payment not found.', tr: 'Ödeme bulunamadı.' },
};

/** Whether a message key exists (error reasons are looked up as `reason.<reason>`). */
export function hasMessage(key: string): boolean {
  return key in messages;
}

/** Translates a message key; any other text is returned as it is. */
export function t(keyOrText: string, params: Record<string, string> = {}): string {
  const entry = messages[keyOrText];
  const text = entry ? entry[currentLang()] : keyOrText;
  return text.replace(/\{(\w+)\}/g, (_, k: string) => params[k] ?? '');
}
