import { useMemo } from 'react';
import { marketName, marketNames } from '@shelfscan/markets';
import { useTranslation } from 'react-i18next';

/**
 * The markets' names in the page's language (Turkish names on Turkish pages), from the one market
 * table (@shelfscan/markets): `name('UK')`, and `list(['CA', 'UK'])` joined as the language joins a list.
 */
export function useMarketNames() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(
    () => ({
      name: (code: string) => marketName(code, language),
      list: (codes: readonly string[]) => marketNames(codes, language),
    }),
    [language],
  );
}
