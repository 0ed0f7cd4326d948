import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** A wait in seconds as text: "1 h 5 min", "12 min" or "40 s" (rounded up to whole minutes above a minute). */
export function useDuration() {
  const { t } = useTranslation('dashboard');
  return useCallback(
    (seconds: number) => {
      const s = Math.max(0, Math.ceil(seconds));
      if (s < 60) return t('duration.s', { s });
      const minutes = Math.ceil(s / 60);
      if (minutes < 60) return t('duration.m', { m: minutes });
      return t('duration.hm', { h: Math.floor(minutes / 60), m: minutes % 60 });
    },
    [t],
  );
}
