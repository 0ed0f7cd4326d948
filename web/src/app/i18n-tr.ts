// The Turkish texts of the app, one chunk (loaded by ./i18n.ts on the first Turkish page).
import { resourcesOf } from './i18n';

export default resourcesOf(
  'tr',
  import.meta.glob<Record<string, unknown>>('../features/*/locales/tr.json', {
    eager: true,
    import: 'default',
  }),
  import.meta.glob<Record<string, unknown>>('./locales/tr.json', { eager: true, import: 'default' }),
);
