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
