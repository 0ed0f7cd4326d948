import { useMemo } from 'react';
import { marketName } from '@shelfscan/markets';
import { useTranslation } from 'react-i18next';

/**
 * The markets' names in the page's language (Turkish names on Turkish pages), from the one market
 * table (@shelfscan/markets): `name('UK')`, and `list(['CA', 'UK'])` joined as the language joins a list.
 */
export function useMarketNames() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const name = (code: string) => marketName(code, language);
    const format = new Intl.ListFormat(language, { style: 'long', type: 'conjunction' });
    return { name, list: (codes: readonly string[]) => format.format(codes.map(name)) };
  }, [language]);
}
