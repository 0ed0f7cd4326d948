/**
 * Lets code outside React (the RTK Query error handler) navigate with the router.
 * The router registers its navigate function on mount; before that a full page load is used.
 */
type NavigateFn = (to: string, options?: { replace?: boolean }) => void;

let navigateFn: NavigateFn | null = null;

export function registerNavigate(fn: NavigateFn | null): void {
  navigateFn = fn;
}

export function appNavigate(to: string, options?: { replace?: boolean }): void {
  if (navigateFn) navigateFn(to, options);
  else window.location.assign(to);
}

export function reloadPage(): void {
  window.location.reload();
}

/**
 * Leaves the app for another site (a bank's 3-D Secure page). Only http(s) addresses are followed;
 * returns whether the browser was sent there.
 */
export function leaveAppTo(url: string): boolean {
  let target: URL;
  try {
    target = new URL(url, window.location.href);
  } catch {
    return false;
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return false;
  window.location.assign(target.toString());
  return true;
}
