/**
 * What a marketplace answer is, as far as politeness is concerned. The parser's classifier
 * (src/parser) knows far more; whoever wires it maps its verdict to one of these kinds.
 */
export type BlockKind = 'captcha' | 'waf-challenge' | 'service-unavailable' | 'throttled';
export type PageKind = 'ok' | BlockKind;

/** Tells the client whether a page (even a 200 one) is a block. */
export type PageClassifier = (html: string, status: number) => PageKind;

export function isBlock(kind: PageKind): kind is BlockKind {
  return kind !== 'ok';
}

/**
 * The built-in check used until the real classifier is wired: Amazon's captcha form, the AWS WAF
 * JavaScript challenge, the 503 "dogs" page and 429 throttling.
 */
export const defaultClassifier: PageClassifier = (html, status) => {
  if (html.includes('/errors/validateCaptcha') || html.includes('opfcaptcha.amazon.')) return 'captcha';
  if (html.includes('challenge.js')) return 'waf-challenge';
  if (status === 503 || html.includes('cs_503')) return 'service-unavailable';
  if (status === 429) return 'throttled';
  return 'ok';
};
