/**
 * A MediaQueryList as jsdom lacks it (Mantine reads window.matchMedia): `matches` is what the test
 * says. Used by test/setup.ts (nothing matches) and by specs that set a window width.
 */
export function mediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  };
}
