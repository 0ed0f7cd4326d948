/** Builds an unsigned JWT with the given payload (the SPA never verifies signatures). */
export function makeJwt(payload: Record<string, unknown>): string {
  const enc = (obj: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(obj))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${enc({ alg: 'HS512', typ: 'JWT' })}.${enc(payload)}.signature`;
}

const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;

export const userToken = (sub = 'user@example.com') => makeJwt({ sub, auth: 'ROLE_USER', exp: inOneHour() });
export const adminToken = (sub = 'admin@example.com') =>
  makeJwt({ sub, auth: 'ROLE_USER,ROLE_ADMIN', exp: inOneHour() });
export const expiredToken = (sub = 'old@example.com') =>
  makeJwt({ sub, auth: 'ROLE_USER', exp: Math.floor(Date.now() / 1000) - 60 });
