/** The parts every email has, rendered as plain text and as HTML. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export type Lang = 'tr' | 'en';

export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** A simple, widely supported HTML body: a title, paragraphs, an optional code box and a button. */
export function htmlPage(opts: {
  lang: Lang;
  title: string;
  paragraphs: string[];
  code?: string;
  /** A list after the paragraphs (e.g. ASINs with their titles). */
  items?: string[];
  button: { label: string; href: string };
  footer: string;
}): string {
  const p = (t: string) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.5">${escapeHtml(t)}</p>`;
  return `<!doctype html>
<html lang="${opts.lang}"><head><meta charset="utf-8"><title>${escapeHtml(opts.title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;padding:32px">
<tr><td>
<h1 style="margin:0 0 24px;font-size:22px">${escapeHtml(opts.title)}</h1>
${opts.paragraphs.map(p).join('\n')}
${
  opts.items?.length
    ? `<ul style="margin:0 0 16px;padding-left:20px;font-size:14px;line-height:1.5">${opts.items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`
    : ''
}
${
  opts.code
    ? `<p style="margin:24px 0;text-align:center"><span style="display:inline-block;padding:12px 24px;font-size:28px;letter-spacing:6px;font-weight:bold;background:#eef2ff;border-radius:6px">${escapeHtml(opts.code)}</span></p>`
    : ''
}
<p style="margin:24px 0;text-align:center"><a href="${escapeHtml(opts.button.href)}" style="display:inline-block;padding:12px 24px;background:#228be6;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(opts.button.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#52606d;word-break:break-all">${escapeHtml(opts.button.href)}</p>
<p style="margin:24px 0 0;font-size:13px;color:#7b8794">${escapeHtml(opts.footer)}</p>
</td></tr></table>
</td></tr></table>
</body></html>
`;
}
