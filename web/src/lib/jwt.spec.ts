import { describe, expect, it } from 'vitest';
import { makeJwt } from '../test/jwt';
import { decodeJwt, hasRole, isTokenActive } from './jwt';

describe('decodeJwt', () => {
  it('decodes sub, comma-separated roles and exp without verifying', () => {
    const user = decodeJwt(
      makeJwt({ sub: 'ayşe@example.com', auth: 'ROLE_USER,ROLE_ADMIN', exp: 2000000000 }),
    );
    expect(user).toEqual({ sub: 'ayşe@example.com', roles: ['ROLE_USER', 'ROLE_ADMIN'], exp: 2000000000 });
    expect(hasRole(user, 'ROLE_ADMIN')).toBe(true);
  });

  it('accepts a "Bearer " prefix', () => {
    expect(decodeJwt(`Bearer ${makeJwt({ sub: 'a@b.co', auth: 'ROLE_USER', exp: 1 })}`)?.sub).toBe('a@b.co');
  });

  it('returns null for garbage', () => {
    expect(decodeJwt(undefined)).toBeNull();
    expect(decodeJwt('')).toBeNull();
    expect(decodeJwt('not-a-jwt')).toBeNull();
    expect(decodeJwt('a.%%%.c')).toBeNull();
    expect(decodeJwt(makeJwt({ auth: 'ROLE_USER' }))).toBeNull();
  });
});

describe('isTokenActive', () => {
  const user = decodeJwt(makeJwt({ sub: 'a@b.co', auth: 'ROLE_USER', exp: 1000 }));
  it('is active only before exp', () => {
    expect(isTokenActive(user, 999_000)).toBe(true);
    expect(isTokenActive(user, 1_000_000)).toBe(false);
    expect(isTokenActive(user, 2_000_000)).toBe(false);
    expect(isTokenActive(null)).toBe(false);
    expect(hasRole(user, 'ROLE_ADMIN')).toBe(false);
  });
});
