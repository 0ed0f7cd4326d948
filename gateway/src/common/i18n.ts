import { AsyncLocalStorage } from 'node:async_hooks';
import { marketCodesFor, marketName, SOLD_MARKETS, type MarketScanType } from '@shelfscan/markets';

export type Lang = 'tr' | 'en';

/** The markets of a scan type named in a language, from the market table ("Kanada, Meksika ve ..."). */
const marketsIn = (type: MarketScanType, lang: Lang) =>
  new Intl.ListFormat(lang, { type: 'conjunction' }).format(
    marketCodesFor(type).map((c) => marketName(c, lang)),
  );
const MARKET_CODES = SOLD_MARKETS.map((m) => m.code).join(', ');
const MARKET_DOMAINS = SOLD_MARKETS.map((m) => m.domain).join(', ');
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
  // Scans (issue 9)
  changeSaved: { en: 'Change has been saved.', tr: 'Değişiklik kaydedildi.' },
  todoDeleted: { en: 'Todo has been deleted.', tr: 'Tarama silindi.' },
  searchNotFound: { en: 'Page not found.', tr: 'Sayfa bulunamadı.' },
  searchTypeInvalid: { en: 'Choose a scan type.', tr: 'Bir tarama türü seçin.' },
  marketInvalid: {
    en: `Choose one of the markets: ${MARKET_CODES}.`,
    tr: `Pazarlardan birini seçin: ${MARKET_CODES}.`,
  },
  fileNameTooLong: { en: 'The file name is too long.', tr: 'Dosya adı çok uzun.' },
  keywordInvalid: { en: 'The keyword is too long.', tr: 'Anahtar kelime çok uzun.' },
  categoriesInvalid: { en: 'The categories are invalid.', tr: 'Kategoriler geçersiz.' },
  storeUrlInvalid: { en: 'The store link is invalid.', tr: 'Mağaza bağlantısı geçersiz.' },
  storeUrlNotAUrl: {
    en: 'Paste the address of an Amazon store (a link starting with https://www.amazon.).',
    tr: 'Bir Amazon mağazasının adresini yapıştırın (https://www.amazon. ile başlayan bir bağlantı).',
  },
  storeUrlNotAmazon: { en: 'This is not an Amazon link.', tr: 'Bu bir Amazon bağlantısı değil.' },
  storeUrlMarketNotSupported: {
    en: `ShelfScan scans stores of ${MARKET_DOMAINS} only.`,
    tr: `ShelfScan yalnızca şu pazarların mağazalarını tarar: ${MARKET_DOMAINS}.`,
  },
  storeUrlNoSellerId: {
    en: 'This link does not name a seller; paste the link of the seller’s storefront.',
    tr: 'Bu bağlantıda satıcı yok; satıcının mağaza bağlantısını yapıştırın.',
  },
  storeUrlInvalidSellerId: {
    en: 'The seller id in this link is not valid.',
    tr: 'Bu bağlantıdaki satıcı kimliği geçerli değil.',
  },
  storeUrlWrongMarket: {
    en: 'The store link is not on the chosen market.',
    tr: 'Mağaza bağlantısı seçilen pazara ait değil.',
  },
  deepNotInMarket: {
    en: `Deep search works only in ${marketsIn('deep', 'en')}.`,
    tr: `Derin arama yalnızca şu pazarlarda çalışır: ${marketsIn('deep', 'tr')}.`,
  },
  functionalNotInMarket: {
    en: `Functional search works only in ${marketsIn('functional', 'en')}.`,
    tr: `Fonksiyonel arama yalnızca şu pazarlarda çalışır: ${marketsIn('functional', 'tr')}.`,
  },
  priceRange: { en: 'Prices must be 0 or more.', tr: 'Fiyatlar 0 veya daha büyük olmalıdır.' },
  minGreaterThanMax: {
    en: 'The minimum must not be greater than the maximum.',
    tr: 'En düşük değer en yüksek değerden büyük olamaz.',
  },
  booleanInvalid: { en: 'Must be true or false.', tr: 'Doğru ya da yanlış olmalıdır.' },
  dateInvalid: { en: 'Dates are YYYY-MM-DD.', tr: 'Tarihler YYYY-AA-GG biçiminde olmalıdır.' },
  sizeInvalid: { en: 'The page size must be 1 to 100.', tr: 'Sayfa boyutu 1 ile 100 arasında olmalıdır.' },
  statusInvalid: { en: 'Unknown status.', tr: 'Bilinmeyen durum.' },
  queryTooLong: { en: 'The search text is too long.', tr: 'Arama metni çok uzun.' },
  formatInvalid: { en: 'The format is txt or csv.', tr: 'Biçim txt ya da csv olmalıdır.' },
  tooManyTodos: { en: 'Too many scans at once.', tr: 'Aynı anda çok fazla tarama.' },
  stateNotAllowed: {
    en: 'A scan can only be archived, or moved back to its own column.',
    tr: 'Bir tarama yalnızca arşivlenebilir ya da kendi sütununa geri taşınabilir.',
  },
  statusChangeNotAllowed: {
    en: 'This status change is not allowed: cancel a pending or running scan, or re-queue a failed one.',
    tr: 'Bu durum değişikliğine izin verilmiyor: bekleyen ya da çalışan bir taramayı iptal edin veya başarısız olanı yeniden sıraya alın.',
  },
  noStandardPlan: { en: 'You have no Standard plan.', tr: 'Standart planınız yok.' },
  noDeepPlan: { en: 'You have no Deep plan.', tr: 'Derin arama planınız yok.' },
  noFunctionalPlan: { en: 'You have no Functional plan.', tr: 'Fonksiyonel arama planınız yok.' },
  noActivePlanForDownload: {
    en: 'You cannot download because you do not have an active plan.',
    tr: 'Aktif bir planınız olmadığı için indirme yapamazsınız.',
  },
  dailySearchLimitExceeded: { en: 'Daily search limit exceeded.', tr: 'Günlük arama limiti aşıldı.' },
  noRemainingDailySearchRights: {
    en: 'No remaining daily search rights.',
    tr: 'Kalan günlük arama hakkınız yok.',
  },
  resetDone: {
    en: 'Your password has been changed. You can log in with the new one.',
    tr: 'Şifreniz değiştirildi. Yeni şifrenizle giriş yapabilirsiniz.',
  },
  // Admin and contact form (issue 11)
  forbidden: { en: 'You are not allowed to do this.', tr: 'Bu işlem için yetkiniz yok.' },
  membershipInactive: {
    en: 'Your membership is not active. Please contact us.',
    tr: 'Üyeliğiniz aktif değil. Lütfen bizimle iletişime geçin.',
  },
  pageInvalid: {
    en: 'Page must be 0 or more and size between 1 and 100.',
    tr: 'Sayfa 0 ya da daha büyük, boyut 1 ile 100 arasında olmalıdır.',
  },
  searchInvalid: { en: 'The search text is invalid.', tr: 'Arama metni geçersiz.' },
  parameterListInvalid: {
    en: 'Send the system parameters as a list (at most 100).',
    tr: 'Sistem parametrelerini bir liste olarak gönderin (en fazla 100).',
  },
  parameterText: { en: 'This value must be a text.', tr: 'Bu değer bir metin olmalıdır.' },
  parameterUnknown: { en: 'Unknown parameter key.', tr: 'Bilinmeyen parametre anahtarı.' },
  parameterDuplicate: { en: 'This parameter appears twice.', tr: 'Bu parametre iki kez yer alıyor.' },
  parameterMissing: { en: 'This parameter is missing from the list.', tr: 'Bu parametre listede yok.' },
  parameterInteger: {
    en: 'Must be a whole number (0 or more).',
    tr: 'Tam sayı olmalıdır (0 ya da daha büyük).',
  },
  parameterNumber: {
    en: 'Must be a number (0 or more, with a dot for decimals).',
    tr: 'Sayı olmalıdır (0 ya da daha büyük, ondalık için nokta).',
  },
  parameterPositive: { en: 'Must be more than 0.', tr: '0’dan büyük olmalıdır.' },
  parameterPercent: { en: 'Must be at most 100.', tr: 'En fazla 100 olmalıdır.' },
  parameterDunningDays: {
    en: 'Days of the month 1–28, comma-separated, each once (e.g. 1,3,7).',
    tr: 'Ayın 1–28 arası günleri, virgülle ayrılmış, her biri bir kez (ör. 1,3,7).',
  },
  parameterRequired: { en: 'This value is required.', tr: 'Bu değer zorunludur.' },
  parameterPhone: {
    en: 'A phone number in international form, e.g. +905321234567.',
    tr: 'Uluslararası biçimde bir telefon numarası, ör. +905321234567.',
  },
  parameterEmail: { en: 'A valid email address.', tr: 'Geçerli bir e-posta adresi.' },
  contactTooLong: {
    en: 'Too long (subject at most 200, message at most 5000 characters).',
    tr: 'Çok uzun (konu en fazla 200, mesaj en fazla 5000 karakter).',
  },
  contactTooMany: {
    en: 'You have sent too many messages; please try again later.',
    tr: 'Çok fazla mesaj gönderdiniz; lütfen daha sonra tekrar deneyin.',
  },
  userDeleted: {
    en: 'The user is deleted; their personal data is being removed from every service.',
    tr: 'Kullanıcı silindi; kişisel verileri tüm servislerden kaldırılıyor.',
  },
  'reason.userNotFound': { en: 'User not found.', tr: 'Kullanıcı bulunamadı.' },
  'reason.cannotDeleteSelf': {
    en: 'You cannot delete your own account.',
    tr: 'Kendi hesabınızı silemezsiniz.',
  },
  'reason.cannotDeleteAdmin': {
    en: 'An administrator account cannot be deleted.',
    tr: 'Yönetici hesabı silinemez.',
  },
  dateRangeInvalid: {
    en: 'The start date must not be after the end date.',
    tr: 'Başlangıç tarihi bitiş tarihinden sonra olamaz.',
  },
  dateRangeTooLong: {
    en: 'The date range may be at most 366 days.',
    tr: 'Tarih aralığı en fazla 366 gün olabilir.',
  },
  contactSent: {
    en: 'Your message has been sent. We will get back to you soon.',
    tr: 'Mesajınız gönderildi. En kısa sürede size dönüş yapacağız.',
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
  expiryInvalid: { en: 'Expiry date is invalid.', tr: 'Son kullanma tarihi geçersiz.' },
  amountInvalid: {
    en: 'Enter an amount with at most 2 decimals.',
    tr: 'En fazla 2 ondalıklı bir tutar girin.',
  },
  promotionCodeInvalid: {
    en: 'A code has 2–40 letters, digits, - or _.',
    tr: 'Kod 2–40 harf, rakam, - ya da _ içerir.',
  },
  promotionTypeInvalid: { en: 'Type must be AMOUNT or PERCENT.', tr: 'Tür AMOUNT ya da PERCENT olmalıdır.' },
  promotionValueInvalid: {
    en: 'Value must be above 0 (at most 100 for a percent).',
    tr: 'Değer 0’dan büyük olmalıdır (yüzde için en fazla 100).',
  },
  // The promotion form's rules, checked by the gateway too (issue 11), and billing's expiry check
  promotionPercentMax: {
    en: 'A percent discount can be at most 100.',
    tr: 'Yüzde indirimi en fazla 100 olabilir.',
  },
  promotionCountMin: {
    en: 'The count must be a whole number, at least 1.',
    tr: 'Adet en az 1 olan bir tam sayı olmalıdır.',
  },
  minimumBasketInvalid: {
    en: 'The minimum basket must be 0 or more (USD, at most 2 decimals); leave it empty for none.',
    tr: 'Asgari sepet 0 ya da daha büyük olmalıdır (USD, en fazla 2 ondalık); yoksa boş bırakın.',
  },
  promotionExpiryPast: {
    en: 'The expiry date may not be in the past.',
    tr: 'Son kullanma tarihi geçmişte olamaz.',
  },
  featuresRequired: { en: 'Choose at least one feature.', tr: 'En az bir özellik seçin.' },
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
  // 3-D Secure, sealed cards, refunds and plans granted by hand (issue 10, the rest)
  threeDsRedirect: {
    en: 'Your bank asks for 3-D Secure verification; you are being taken to your bank’s page.',
    tr: 'Bankanız 3-D Secure doğrulaması istiyor; bankanızın sayfasına yönlendiriliyorsunuz.',
  },
  cardNotSealed: {
    en: 'The card number must reach the payment service sealed.',
    tr: 'Kart numarası ödeme servisine şifreli ulaşmalıdır.',
  },
  cardSealInvalid: {
    en: 'The card details could not be read; please enter them again.',
    tr: 'Kart bilgileri okunamadı; lütfen yeniden girin.',
  },
  featuresInvalid: {
    en: 'Choose one or more of: standard, deep, functional.',
    tr: 'Şunlardan en az birini seçin: standard, deep, functional.',
  },
  periodEndPast: { en: 'The end date must be after today.', tr: 'Bitiş tarihi bugünden sonra olmalıdır.' },
  refundDone: { en: 'The refund has been made.', tr: 'İade yapıldı.' },
  planGranted: { en: 'The plan has been granted.', tr: 'Plan tanımlandı.' },
  planRevoked: { en: 'The plan has been revoked.', tr: 'Plan geri alındı.' },
  'reason.refundNotPossible': {
    en: 'Only a paid payment can be refunded.',
    tr: 'Yalnızca ödenmiş bir ödeme iade edilebilir.',
  },
  'reason.refundTooMuch': {
    en: 'A refund cannot exceed what is left of the payment ({detail}).',
    tr: 'İade, ödemeden kalan tutarı ({detail}) aşamaz.',
  },
  'reason.refundRefused': {
    en: 'The payment provider refused the refund: {detail}',
    tr: 'Ödeme sağlayıcısı iadeyi reddetti: {detail}',
  },
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
