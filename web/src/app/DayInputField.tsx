import '@mantine/dates/styles.css';
import 'dayjs/locale/tr';
import { DateInput } from '@mantine/dates';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { Locale } from '../lib/locale';
import { DAY_PLACEHOLDER, type DayInputProps } from './DayInput';
import { useLocale } from './locale';

dayjs.extend(customParseFormat);

/** How a day is written on the page: 31.12.2026 (tr), 12/31/2026 (en, as in the US). */
const DAY_FORMAT: Record<Locale, string> = { tr: 'DD.MM.YYYY', en: 'MM/DD/YYYY' };

/** A typed day in the page's format, or as the API writes it (YYYY-MM-DD); null when it is no day. */
export function parseDay(text: string, locale: Locale): string | null {
  const value = text.trim();
  for (const format of [DAY_FORMAT[locale], 'YYYY-MM-DD']) {
    const day = dayjs(value, format, true);
    if (day.isValid()) return day.format('YYYY-MM-DD');
  }
  return null;
}

/** `DayInput` once @mantine/dates is loaded (./DayInput.tsx). */
export function DayInputField({ value, onChange, ...props }: DayInputProps) {
  const locale = useLocale();
  return (
    <DateInput
      {...props}
      locale={locale}
      valueFormat={DAY_FORMAT[locale]}
      placeholder={props.placeholder ?? DAY_PLACEHOLDER[locale]}
      dateParser={(text) => parseDay(text, locale)}
      value={value || null}
      onChange={(day) => onChange(day ?? '')}
    />
  );
}
