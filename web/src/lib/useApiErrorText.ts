import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { joinValidationErrors, readApiError } from './errors';
import { codeText } from './messages';

/**
 * The text of a code in a feature: the shared catalogue's, then the feature's `codes`, then the common
 * translation of a code only the web words; undefined when none words it. `serverMessage` stands for a
 * catalogue text that needs the server's detail.
 */
export function useCodeText(namespace: string) {
  const { t, i18n } = useTranslation([namespace, 'common']);
  return useCallback(
    (code: string | undefined, serverMessage?: string): string | undefined => {
      const known = codeText((key) => t(key), code, serverMessage);
      if (known) return known;
      if (code && i18n.exists(`${namespace}:codes.${code}`)) return t(`${namespace}:codes.${code}`);
      if (code && i18n.exists(`common:codes.${code}`)) return t(`common:codes.${code}`);
      return undefined;
    },
    [namespace, t, i18n],
  );
}

/**
 * The text to show for a failed call of a feature: its code's text (useCodeText), else the 422 list
 * joined by line breaks, else the network error, else the server message.
 */
export function useApiErrorText(namespace: string) {
  const { t } = useTranslation([namespace, 'common']);
  const textOf = useCodeText(namespace);
  return useCallback(
    (error: unknown, fallbackKey = 'common:errors.generic'): string => {
      const e = readApiError(error);
      const known = textOf(e.code, e.message);
      if (known) return known;
      if (e.status === 422) {
        const joined = joinValidationErrors(e.errors);
        if (joined) return joined;
      }
      if (e.status === undefined) return t('common:errors.network');
      return e.message || t(fallbackKey);
    },
    [t, textOf],
  );
}
