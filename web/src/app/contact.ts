/** Provider contact details (configurable at build time). */
export const CONTACT_EMAIL: string = import.meta.env.VITE_CONTACT_EMAIL ?? 'support@shelfscan.app';
/** WhatsApp number in international format without '+' (set VITE_CONTACT_WHATSAPP for production). */
export const CONTACT_WHATSAPP: string = import.meta.env.VITE_CONTACT_WHATSAPP ?? '905000000000';

/** A WhatsApp chat link with a prepared text; `number` may be written as E.164 (`+90…`). */
export function whatsappLink(text: string, number: string = CONTACT_WHATSAPP): string {
  return `https://wa.me/${number.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}
