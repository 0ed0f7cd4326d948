import type { Lang } from './layout.js';

/** The phone verification SMS (short: one segment). */
export function phoneCodeSms(lang: Lang, code: string): string {
  return lang === 'en'
    ? `Your ShelfScan verification code: ${code}. Valid for 10 minutes.`
    : `ShelfScan dogrulama kodunuz: ${code}. 10 dakika gecerlidir.`;
}
