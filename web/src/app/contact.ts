/** Provider contact details (configurable at build time). */
export const CONTACT_EMAIL: string = import.meta.env.VITE_CONTACT_EMAIL ?? 'support@shelfscan.app';
/** WhatsApp number in international format without '+' (set VITE_CONTACT_WHATSAPP for production). */
export const CONTACT_WHATSAPP: string = import.meta.env.VITE_CONTACT_WHATSAPP ?? '905000000000';

export function whatsappLink(text: string): string {
  return `https://wa.me/${CONTACT_WHATSAPP}?text=${encodeURIComponent(text)}`;
}
