import { Suspense } from 'react';
import { TextInput } from '@mantine/core';
import type { DateInputProps } from '@mantine/dates';
import { lazyNamed } from '../lib/lazy';
import type { Locale } from '../lib/locale';
import { useLocale } from './locale';

/** How a day is typed on the page, as the field's placeholder says: 31.12.2026 (tr), 12/31/2026 (en). */
export const DAY_PLACEHOLDER: Record<Locale, string> = { tr: 'GG.AA.YYYY', en: 'MM/DD/YYYY' };

export type DayInputProps = Omit<
  DateInputProps,
  'value' | 'onChange' | 'valueFormat' | 'dateParser' | 'locale'
> & {
  /** YYYY-MM-DD, or '' (or nothing) for no day. */
  value?: string;
  onChange: (day: string) => void;
};

// @mantine/dates, dayjs and their CSS (about 22 kB gzipped) load when a page first shows a day
// field, not with the page (docs/performance.md, first load).
const DayInputField = lazyNamed(() => import('./DayInputField'), 'DayInputField');

/**
 * A day field whose value is a `YYYY-MM-DD` day (or '' for none), written, read and picked in the
 * page's language (a browser's own date box follows the browser's language: mm/dd/yyyy on a
 * Turkish page). Until its code is loaded a disabled text field with the same label, size and
 * placeholder holds its place.
 */
export function DayInput(props: DayInputProps) {
  const locale = useLocale();
  return (
    <Suspense
      fallback={
        <TextInput
          label={props.label}
          w={props.w}
          size={props.size}
          required={props.required}
          placeholder={props.placeholder ?? DAY_PLACEHOLDER[locale]}
          disabled
          aria-busy
        />
      }
    >
      <DayInputField {...props} />
    </Suspense>
  );
}
