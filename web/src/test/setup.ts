import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { FEATURE_NAMESPACES, loadLocale, loadTexts, setupI18n } from '../app/i18n';
import { mediaQueryList } from './media';

// jsdom lacks these browser APIs that Mantine uses.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => mediaQueryList(query, false),
  });
}
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;

// Both locales with every feature's texts, as a browser has them after switching and visiting the
// pages: tests change the language synchronously and render components outside their routes.
await setupI18n('tr');
await loadLocale('en');
await Promise.all([loadTexts('tr', FEATURE_NAMESPACES), loadTexts('en', FEATURE_NAMESPACES)]);
// Lazy chunks (routes, the layout's navbar items, contact button and drawers) are transformed on their
// first import in a file. With two files at once on 2 cores that took over 5 s now and then: a route's
// first field, or the navbar's filter button, not found while the same test passed alone. A findBy
// waits up to 15 s (the test's own bound is 20 s): a page that never shows still fails.
configure({ asyncUtilTimeout: 15_000 });

export function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

beforeEach(() => {
  clearCookies();
  window.sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearCookies();
});
