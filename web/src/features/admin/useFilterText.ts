import { useState, type ChangeEvent } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';
import { email } from '@shelfscan/validation';

/** How long a filter box waits after the last key before the list is asked again. */
const DEBOUNCE_MS = 400;

/** Whether a filter box holds a whole email (the services match a user by the whole address). */
export const isEmail = (value: string) => email.safeParse(value).success;

/**
 * A list filter's text box: what is typed shows at once and is written (trimmed; empty = none) once
 * typing stops, each box with its own wait; `reset` empties the box and drops a write still waiting.
 */
export function useFilterText(initial: string, write: (value: string | null) => void) {
  const [value, setValue] = useState(initial);
  const debounced = useDebouncedCallback((text: string) => write(text.trim() || null), DEBOUNCE_MS);
  return {
    value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setValue(event.currentTarget.value);
      debounced(event.currentTarget.value);
    },
    reset: () => {
      debounced.cancel();
      setValue('');
    },
  };
}
