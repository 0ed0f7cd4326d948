import { useCallback } from 'react';
import { readApiError } from '../../../lib/errors';
import { useApiErrorText } from '../../../lib/useApiErrorText';

/** Reasons whose server text carries the detail the user needs: the bank's answer. */
const WITH_DETAIL = new Set(['paymentFailed', 'cardSaveFailed']);

/**
 * The text of a failed billing call: 'payment failed' and 'card save failed' with the bank's reason
 * (the gateway's message, in the request language), every other reason by its translation.
 */
export function usePaymentErrorText() {
  const base = useApiErrorText('payment');
  return useCallback(
    (error: unknown): string => {
      const { code, message } = readApiError(error);
      if (code && WITH_DETAIL.has(code) && message) return message;
      return base(error);
    },
    [base],
  );
}
