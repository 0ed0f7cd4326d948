import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { joinValidationErrors, readApiError } from '../../../lib/errors';

/** The text for a failed account call: translated known code, else the 422 list, else the server message. */
export function useAccountErrorText() {
  const { t, i18n } = useTranslation(['account', 'common']);
  return useCallback(
    (error: unknown, fallbackKey = 'common:errors.generic'): string => {
      const e = readApiError(error);
      if (e.code && i18n.exists(`account:codes.${e.code}`)) return t(`account:codes.${e.code}`);
      if (e.code && i18n.exists(`common:codes.${e.code}`)) return t(`common:codes.${e.code}`);
      if (e.status === 422) {
        const joined = joinValidationErrors(e.errors);
        if (joined) return joined;
      }
      if (e.status === undefined) return t('common:errors.network');
      return e.message || t(fallbackKey);
    },
    [t, i18n],
  );
}
