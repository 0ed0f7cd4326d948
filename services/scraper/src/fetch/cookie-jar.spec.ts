import { ManualClock } from '@shelfscan/service';
import { CookieJar } from './cookie-jar.js';

const home = new URL('https://www.amazon.ca/');
const search = new URL('https://www.amazon.ca/s?me=X');

describe('CookieJar', () => {
  it('sends domain cookies to subdomains and host-only cookies to their host only', () => {
    const jar = new CookieJar(new ManualClock(Date.UTC(2026, 0, 1)));
    jar.storeSetCookies(home, ['session-id=1; Domain=.amazon.ca; Path=/', 'host-only=2; Path=/']);
    expect(jar.cookieHeader(search)).toBe('session-id=1; host-only=2');
    expect(jar.cookieHeader(new URL('https://smile.amazon.ca/'))).toBe('session-id=1');
    expect(jar.cookieHeader(new URL('https://www.amazon.com/'))).toBeUndefined();
  });

  it('ignores cookies for a foreign or too wide domain', () => {
    const jar = new CookieJar(new ManualClock(Date.UTC(2026, 0, 1)), 'amazon.co.uk');
    const uk = new URL('https://www.amazon.co.uk/');
    jar.storeSetCookies(uk, [
      'evil=1; Domain=example.com; Path=/',
      'tld=1; Domain=uk; Path=/',
      'suffix=1; Domain=co.uk; Path=/',
      'ok=1; Domain=.amazon.co.uk; Path=/',
    ]);
    expect(jar.all().map((c) => c.name)).toEqual(['ok']);
    expect(jar.cookieHeader(uk)).toBe('ok=1');
  });

  it('respects Path, Secure, Max-Age and Expires', () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const jar = new CookieJar(clock);
    jar.storeSetCookies(new URL('https://www.amazon.ca/gp/cart/view.html'), [
      'cart=1',
      'deep=2; Path=/gp/cart',
      'short=3; Path=/; Max-Age=60',
      'dated=4; Path=/; Expires=' + new Date(clock.nowMs() + 120_000).toUTCString(),
      'secure=5; Path=/; Secure',
    ]);
    expect(jar.cookieHeader(new URL('https://www.amazon.ca/gp/cart/x'))).toBe(
      'cart=1; deep=2; short=3; dated=4; secure=5',
    );
    expect(jar.cookieHeader(new URL('https://www.amazon.ca/gp/cartoon'))).toBe('short=3; dated=4; secure=5');
    expect(jar.cookieHeader(new URL('http://www.amazon.ca/'))).toBe('short=3; dated=4');
    clock.advance(61_000);
    expect(jar.cookieHeader(search)).toBe('dated=4; secure=5');
    clock.advance(60_000);
    expect(jar.cookieHeader(search)).toBe('secure=5');
  });

  it('replaces a cookie with the same name, and deletes it with Max-Age=0', () => {
    const jar = new CookieJar(new ManualClock(Date.UTC(2026, 0, 1)));
    jar.storeSetCookies(home, ['a=1; Path=/']);
    jar.storeSetCookies(home, ['a=2; Path=/']);
    expect(jar.cookieHeader(home)).toBe('a=2');
    jar.storeSetCookies(home, ['a=gone; Path=/; Max-Age=0']);
    expect(jar.cookieHeader(home)).toBeUndefined();
  });

  it('sets a cookie for a whole domain', () => {
    const jar = new CookieJar(new ManualClock(Date.UTC(2026, 0, 1)));
    jar.set('amazon.ca', 'i18n-prefs', 'CAD');
    expect(jar.cookieHeader(search)).toBe('i18n-prefs=CAD');
  });
});
