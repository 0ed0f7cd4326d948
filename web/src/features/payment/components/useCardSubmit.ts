import { useState } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import { cardRequestOf, type CardFormValues as SharedCardFormValues } from '@shelfscan/validation';
import { showServerErrors } from '../../../lib/form';
import { useSaveCardMutation, type SavedCard } from '../api/paymentApi';
import { useApiErrorText } from '../../../lib/useApiErrorText';

export type CardFormValues = SharedCardFormValues & Record<string, unknown>;
export type CardFormState = UseFormReturnType<CardFormValues>;

/** The API names its fields after the payload of part 3; the form after what the user types. */
const SERVER_FIELDS: Record<string, string> = {
  cardAlias: 'cardHolder',
  cardHolderName: 'cardHolder',
  expireMonth: 'expiryMonth',
  expireYear: 'expiryYear',
  'billing.address': 'address',
  'billing.zipCode': 'zip',
  'billing.contactName': 'contactName',
  'billing.city': 'city',
  'billing.country': 'country',
  'billing.region': 'region',
};

/**
 * Saving the card form: the form is cleared after a successful save and the CVC after a failed one
 * (the server's reasons go under their fields, the rest to `error`), and the mutation hook forgets
 * its arguments (the card number) once it answers.
 */
export function useCardSubmit(form: CardFormState, onSaved: (card: SavedCard | null) => void) {
  const errorText = useApiErrorText('payment');
  const [save, saving] = useSaveCardMutation();
  const [error, setError] = useState<string | null>(null);

  const submit = async (v: CardFormValues) => {
    setError(null);
    try {
      const answer = await save(cardRequestOf(v)).unwrap();
      form.reset();
      onSaved(answer.data ?? null);
    } catch (e) {
      form.setFieldValue('cvc', '');
      setError(showServerErrors(form, e, errorText, SERVER_FIELDS));
    } finally {
      // The mutation hook keeps its last arguments (`originalArgs`) until it is reset: drop the card number.
      saving.reset();
    }
  };

  return { submit, error, saving: saving.isLoading };
}
