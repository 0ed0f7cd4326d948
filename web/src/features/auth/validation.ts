/** The field rules of the auth forms are the shared schemas of @shelfscan/validation (see src/lib/form.ts). */

/**
 * The `redirect` query parameter of the login page, when it is a safe local path.
 * 'register' (set after sign-up) and anything that could leave the site are ignored.
 */
export function safeRedirect(redirect: string | null | undefined): string | null {
  if (!redirect || redirect === 'register') return null;
  if (!redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return null;
  if (/[\s\\]/.test(redirect) || /^\/[a-z][a-z0-9+.-]*:/i.test(redirect)) return null;
  if (/^\/(us\/)?(auth|logout)(\/|$|\?)/.test(redirect)) return null;
  return redirect;
}
