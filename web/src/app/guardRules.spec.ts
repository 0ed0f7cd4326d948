import { describe, expect, it } from 'vitest';
import { adminToken, expiredToken, userToken } from '../test/jwt';
import { guestOnly, requireAdmin, requireAuth } from './guardRules';
import { sessionFromToken } from './session';

const anonymous = sessionFromToken(undefined);
const user = sessionFromToken(userToken());
const admin = sessionFromToken(adminToken());
const expired = sessionFromToken(expiredToken());

describe('guard rules', () => {
  it('guest-only sends logged-in users to / of their locale', () => {
    expect(guestOnly(anonymous, 'tr')).toEqual({ allow: true });
    expect(guestOnly(expired, 'tr')).toEqual({ allow: true });
    expect(guestOnly(user, 'tr')).toEqual({ allow: false, redirectTo: '/' });
    expect(guestOnly(admin, 'en')).toEqual({ allow: false, redirectTo: '/us' });
  });

  it('guest-only stays quiet while a login is finishing (the login page navigates itself)', () => {
    expect(guestOnly({ ...user, loading: true }, 'tr')).toEqual({ allow: true });
  });

  it('require-auth sends anyone not logged in (incl. expired tokens) to /', () => {
    expect(requireAuth(anonymous, 'tr')).toEqual({ allow: false, redirectTo: '/' });
    expect(requireAuth(expired, 'en')).toEqual({ allow: false, redirectTo: '/us' });
    expect(requireAuth(user, 'tr')).toEqual({ allow: true });
  });

  it('require-admin: no user -> /, non-admin -> /dashboard', () => {
    expect(requireAdmin(anonymous, 'tr')).toEqual({ allow: false, redirectTo: '/' });
    expect(requireAdmin(user, 'tr')).toEqual({ allow: false, redirectTo: '/dashboard' });
    expect(requireAdmin(user, 'en')).toEqual({ allow: false, redirectTo: '/us/dashboard' });
    expect(requireAdmin(admin, 'tr')).toEqual({ allow: true });
  });
});
