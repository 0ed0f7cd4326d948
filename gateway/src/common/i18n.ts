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
};

/** Translates a message key; any other text is returned as it is. */
export function t(keyOrText: string, params: Record<string, string> = {}): string {
  const entry = messages[keyOrText];
  const text = entry ? entry[currentLang()] : keyOrText;
  return text.replace(/\{(\w+)\}/g, (_, k: string) => params[k] ?? '');
}
