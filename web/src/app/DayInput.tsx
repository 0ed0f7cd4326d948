import '@mantine/dates/styles.css';
import 'dayjs/locale/tr';
import { DateInput, type DateInputProps } from '@mantine/dates';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { Locale } from '../lib/locale';
import { useLocale } from './locale';

dayjs.extend(customParseFormat);

/** How a day is written on the page: 31.12.2026 (tr), 12/31/2026 (en, as in the US). */
const DAY_FORMAT: Record<Locale, string> = { tr: 'DD.MM.YYYY', en: 'MM/DD/YYYY' };
const PLACEHOLDER: Record<Locale, string> = { tr: 'GG.AA.YYYY', en: 'MM/DD/YYYY' };

/** A typed day in the page's format, or as the API writes it (YYYY-MM-DD); null when it is no day. */
export function parseDay(text: string, locale: Locale): string | null {
  const value = text.trim();
  for (const format of [DAY_FORMAT[locale], 'YYYY-MM-DD']) {
    const day = dayjs(value, format, true);
    if (day.isValid()) return day.format('YYYY-MM-DD');
  }
  return null;
}

/**
 * A day field whose value is a `YYYY-MM-DD` day (or '' for none), written, read and picked in the
 * page's language (a browser's own date box follows the browser's language: mm/dd/yyyy on a
 * Turkish page).
 */
export function DayInput({
  value,
  onChange,
  ...props
}: Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser' | 'locale'> & {
  /** YYYY-MM-DD, or '' (or nothing) for no day. */
  value?: string;
  onChange: (day: string) => void;
}) {
  const locale = useLocale();
  return (
    <DateInput
      {...props}
      locale={locale}
      valueFormat={DAY_FORMAT[locale]}
      placeholder={props.placeholder ?? PLACEHOLDER[locale]}
      dateParser={(text) => parseDay(text, locale)}
      value={value || null}
      onChange={(day) => onChange(day ?? '')}
    />
  );
}
