import './app/mantine-styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { setupI18n } from './app/i18n';
import { makeStore } from './app/store';
import { isChunkLoadError, reloadForChunkError } from './lib/errors';
import { localeFromPath } from './lib/locale';
import { reloadPage } from './lib/navigation';

// Vite fires this when a preloaded chunk of a lazy route fails (stale tab after a deploy).
window.addEventListener('vite:preloadError', (event) => {
  const payload = (event as Event & { payload?: unknown }).payload;
  if (isChunkLoadError(payload ?? 'Failed to fetch dynamically imported module')) {
    if (reloadForChunkError(window.sessionStorage, reloadPage)) event.preventDefault();
  }
});

const locale = localeFromPath(window.location.pathname);
document.documentElement.lang = locale;
const store = makeStore();

// The page's texts (its locale's chunk only) before the first render.
setupI18n(locale).then(
  () =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App store={store} />
      </StrictMode>,
    ),
  (error: unknown) => {
    if (isChunkLoadError(error)) reloadForChunkError(window.sessionStorage, reloadPage);
    else throw error;
  },
);
