/** The claims ShelfScan tokens carry: `sub` (email), `auth` (comma-separated roles), `exp` (seconds). */
export interface JwtUser {
  sub: string;
  roles: string[];
  /** Expiry in seconds since the epoch; undefined when the token has no `exp`. */
  exp?: number;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Decodes the payload of a JWT WITHOUT verifying it (the gateway verifies). Returns null on garbage. */
export function decodeJwt(token: string | null | undefined): JwtUser | null {
  if (!token) return null;
  const raw = token.startsWith('Bearer ') ? token.slice(7) : token;
  const parts = raw.split('.');
  if (parts.length !== 3) return null;
  try {
    const payload: unknown = JSON.parse(base64UrlDecode(parts[1]));
    if (!payload || typeof payload !== 'object') return null;
    const { sub, auth, exp } = payload as { sub?: unknown; auth?: unknown; exp?: unknown };
    if (typeof sub !== 'string' || sub === '') return null;
    const roles =
      typeof auth === 'string'
        ? auth
            .split(',')
            .map((r) => r.trim())
            .filter(Boolean)
        : [];
    return { sub, roles, exp: typeof exp === 'number' ? exp : undefined };
  } catch {
    return null;
  }
}

/** A token counts as logged in only if it decodes and is not expired. */
export function isTokenActive(user: JwtUser | null, nowMs: number = Date.now()): user is JwtUser {
  if (!user) return false;
  if (user.exp === undefined) return true;
  return user.exp * 1000 > nowMs;
}

export function hasRole(user: JwtUser | null, role: string): boolean {
  return !!user && user.roles.includes(role);
}

export const ROLE_ADMIN = 'ROLE_ADMIN';
