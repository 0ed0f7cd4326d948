import { useCallback } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { readApiError } from '../../../lib/errors';
import { showServerErrors } from '../../../lib/form';
import { useApiErrorText } from '../../../lib/useApiErrorText';
import { waitOf } from '../model';
import { useDuration } from '../useDuration';

/**
 * The text a create dialog shows for a failed call: a 422 goes onto its fields (the rest is returned),
 * a 403 names the missing plan, a 429 the quota and, when the answer says, how long until a right
 * comes back.
 */
export function useCreateError() {
  const { t } = useTranslation('dashboard');
  const errorText = useApiErrorText('dashboard');
  const duration = useDuration();
  return useCallback(
    <V extends Record<string, unknown>>(
      form: UseFormReturnType<V>,
      error: unknown,
      fields: Record<string, string> = {},
    ): string | null => {
      const { status } = readApiError(error);
      if (status === 429) {
        const wait = waitOf(error);
        const text = errorText(error);
        return wait !== undefined && wait > 0 ? `${text}\n${t('wait', { time: duration(wait) })}` : text;
      }
      return showServerErrors(form, error, (e) => errorText(e), fields);
    },
    [t, errorText, duration],
  );
}
