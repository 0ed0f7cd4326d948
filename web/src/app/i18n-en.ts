// The English texts of the app, one chunk (loaded by ./i18n.ts on the first English page).
import { resourcesOf } from './i18n';

export default resourcesOf(
  'en',
  import.meta.glob<Record<string, unknown>>('../features/*/locales/en.json', {
    eager: true,
    import: 'default',
  }),
  import.meta.glob<Record<string, unknown>>('./locales/en.json', { eager: true, import: 'default' }),
);
