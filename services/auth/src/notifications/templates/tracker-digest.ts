import { htmlPage, type Lang, type RenderedMail } from './layout.js';

/** At most this many added ASINs are listed in the email; the store page has the rest. */
export const DIGEST_ASIN_LIMIT = 20;

export interface TrackerDigest {
  firstName: string;
  /** The tracker's label; the store URL when it has none. */
  label: string;
  storeUrl: string;
  /** The market's name in the mail's language. */
  market: string;
  addedCount: number;
  removedCount: number;
  /** The run's added ASINs (the first DIGEST_ASIN_LIMIT are listed), title empty when unseen. */
  added: { asin: string; title: string }[];
  complete: boolean;
  notSeen: number;
  /** When the run finished. */
  finishedAt: Date | undefined;
  /** The store page. */
  link: string;
}

const when = (lang: Lang, d: Date | undefined): string =>
  d
    ? new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'tr-TR', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Europe/Istanbul',
      }).format(d)
    : '';

/** The email digest of a tracked store's run that found changes (issue 18), in the user's language. */
export function trackerDigestMail(lang: Lang, v: TrackerDigest): RenderedMail {
  const listed = v.added.slice(0, DIGEST_ASIN_LIMIT);
  const more = v.addedCount - listed.length;
  const items = listed.map((a) => (a.title ? `${a.asin} — ${a.title}` : a.asin));
  const at = when(lang, v.finishedAt);
  const s =
    lang === 'en'
      ? {
          subject: `${v.label}: ${v.addedCount} added, ${v.complete ? `${v.removedCount} removed` : 'partial run'}`,
          hello: `Hello ${v.firstName},`,
          intro: `The latest run of your tracked store ${v.label} (${v.market}, ${v.storeUrl})${at ? `, finished ${at} (Istanbul time),` : ''} found changes.`,
          counts: v.complete
            ? `Added: ${v.addedCount}. Removed: ${v.removedCount}.`
            : `Added: ${v.addedCount}. Partial run: no removals reported, ${v.notSeen} not seen.`,
          listHead: listed.length ? `First ${listed.length} added ASINs:` : '',
          more: more > 0 ? `…and ${more} more on the store page.` : '',
          button: 'Open the store page',
          footer:
            'You receive this email because email alerts are on for this tracker; you can turn them off on the store page.',
        }
      : {
          subject: `${v.label}: ${v.addedCount} eklendi, ${v.complete ? `${v.removedCount} kaldırıldı` : 'kısmi tarama'}`,
          hello: `Merhaba ${v.firstName},`,
          intro: `Takip ettiğiniz ${v.label} mağazasının (${v.market}, ${v.storeUrl}) son taraması${at ? ` (${at}, İstanbul saati)` : ''} değişiklik buldu.`,
          counts: v.complete
            ? `Eklenen: ${v.addedCount}. Kaldırılan: ${v.removedCount}.`
            : `Eklenen: ${v.addedCount}. Kısmi tarama: kaldırma bildirilmedi, ${v.notSeen} ürün görülmedi.`,
          listHead: listed.length ? `Eklenen ilk ${listed.length} ASIN:` : '',
          more: more > 0 ? `…ve mağaza sayfasında ${more} tane daha.` : '',
          button: 'Mağaza sayfasını aç',
          footer:
            'Bu e-postayı bu takip için e-posta uyarıları açık olduğu için alıyorsunuz; mağaza sayfasından kapatabilirsiniz.',
        };
  const paragraphs = [s.hello, s.intro, s.counts, s.listHead].filter(Boolean);
  return {
    subject: `ShelfScan: ${s.subject}`,
    text: [
      ...paragraphs.flatMap((p) => [p, '']),
      ...(items.length ? [...items.map((i) => `- ${i}`), ''] : []),
      ...(s.more ? [s.more, ''] : []),
      `${s.button}: ${v.link}`,
      '',
      s.footer,
      '',
    ].join('\n'),
    html: htmlPage({
      lang,
      title: s.subject,
      paragraphs,
      items: s.more ? [...items, s.more] : items,
      button: { label: s.button, href: v.link },
      footer: s.footer,
    }),
  };
}
