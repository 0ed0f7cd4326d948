import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { joinValidationErrors, readApiError } from './errors';
import { reasonText } from './messages';

/**
 * The text to show for a failed call of a feature: the shared catalogue's text of a known code (then
 * the feature's, then the common translation of a code only the web words), else the 422 list joined by line breaks, else the network error, else the server message.
 */
export function useApiErrorText(namespace: string) {
  const { t, i18n } = useTranslation([namespace, 'common']);
  return useCallback(
    (error: unknown, fallbackKey = 'common:errors.generic'): string => {
      const e = readApiError(error);
      const known = reasonText(i18n, e.code, namespace, e.message);
      if (known) return known;
      if (e.status === 422) {
        const joined = joinValidationErrors(e.errors);
        if (joined) return joined;
      }
      if (e.status === undefined) return t('common:errors.network');
      return e.message || t(fallbackKey);
    },
    [namespace, t, i18n],
  );
}
