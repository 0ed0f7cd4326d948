import { useMemo } from 'react';
import { COUNTRIES } from '@shelfscan/validation';
import type { Locale } from '../../../lib/locale';

/** The 250 built-in countries by their name in the locale (the browser's names; the list's own as fallback). */
export function useCountryOptions(locale: Locale) {
  return useMemo(() => {
    const collator = new Intl.Collator(locale);
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      names = null;
    }
    return COUNTRIES.map((c) => {
      const local = names?.of(c.iso2);
      return { value: c.iso2, label: local && local !== c.iso2 ? local : c.name };
    }).sort((a, b) => collator.compare(a.label, b.label));
  }, [locale]);
}
