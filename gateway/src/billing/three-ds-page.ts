import { createHash } from 'node:crypto';

/**
 * The Content-Security-Policy of the bank's 3-D Secure page served from our origin: nothing may
 * load but what the page itself holds; its inline scripts run only by their hashes (iyzico's page
 * submits its form with one), and its forms may post only to the origins they name (the bank's
 * ACS, or our own callback for the sandbox's bank).
 */
export function threeDsPageCsp(html: string): string {
  const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)]
    .filter((m) => !/\bsrc\s*=/i.test(m[0].slice(0, m[0].indexOf('>'))))
    .map((m) => `'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`);
  const origins = new Set<string>();
  for (const m of html.matchAll(/<form\b[^>]*\baction\s*=\s*["']([^"']+)["']/gi)) {
    try {
      origins.add(new URL(m[1].replace(/&amp;/g, '&')).origin);
    } catch {
      // a relative action posts to our own origin ('self')
    }
  }
  return [
    "default-src 'none'",
    `script-src ${scripts.length ? [...new Set(scripts)].join(' ') : "'none'"}`,
    "style-src 'unsafe-inline'",
    'img-src data: https:',
    `form-action 'self' ${[...origins].join(' ')}`.trim(),
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
