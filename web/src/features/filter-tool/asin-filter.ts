/**
 * The ASIN filter tool's rules (product spec parts 1, 4, 5 and 9) as pure functions, so the same
 * code runs on the main thread (small inputs, tests) and in the Web Worker (asin-filter.worker.ts).
 *
 * - Text is uppercased; every run of characters other than A–Z and 0–9 becomes one ",\n".
 * - The cleaned length (the letters and digits alone) must be a multiple of 10 (an ASIN has 10).
 * - Entries are the pieces between separators; "digital content" (books) are the all-digit ones.
 */

/**
 * A text from this many characters on (about 9,000 ASINs with separators) is "large": it is cleaned and
 * filtered in the Web Worker, and the panel shows only its beginning, since a browser textarea holding
 * a megabyte takes seconds to lay out on every change.
 */
export const LARGE_TEXT_CHARS = 100_000;
/** How much of a large text (or result) the panel shows. */
export const PREVIEW_CHARS = 12_000;

/** Characters in one ASIN (part 9). */
export const ASIN_LENGTH = 10;
/** Uploads above this many bytes show fileUploadWarningMessage (part 9: above 1048576 bytes). */
export const UPLOAD_WARNING_BYTES = 1_048_576;
/** What every run of non-alphanumerics becomes in the cleaned text (part 5). */
export const ASIN_SEPARATOR = ',\n';

const NON_ALPHANUMERIC_RUNS = /[^A-Z0-9]+/g;
const LEADING_NON_ALPHANUMERICS = /^[^A-Z0-9]+/;
const ALL_DIGITS = /^[0-9]+$/;

export interface CleanedText {
  /** Uppercased, separators replaced by ",\n" (leading ones dropped; a trailing one is kept so typing goes on). */
  text: string;
  /** Letters and digits in the text, separators not counted. */
  cleanedLength: number;
  /** Entries (pieces between separators). */
  entries: number;
  /** The cleaned length is not a multiple of 10 (apply is disabled). */
  lengthError: boolean;
}

export function cleanAsinText(raw: string): CleanedText {
  const upper = raw.toUpperCase().replace(LEADING_NON_ALPHANUMERICS, '');
  let separatorChars = 0;
  let separators = 0;
  const text = upper.replace(NON_ALPHANUMERIC_RUNS, (run) => {
    separatorChars += run.length;
    separators += 1;
    return ASIN_SEPARATOR;
  });
  const cleanedLength = upper.length - separatorChars;
  const entries = text.length === 0 ? 0 : separators + (text.endsWith(ASIN_SEPARATOR) ? 0 : 1);
  return { text, cleanedLength, entries, lengthError: cleanedLength % ASIN_LENGTH !== 0 };
}

/** The entries of a text, in order (uppercased, split on non-alphanumerics, empty pieces dropped). */
export function splitAsins(text: string): string[] {
  return text
    .toUpperCase()
    .split(NON_ALPHANUMERIC_RUNS)
    .filter((entry) => entry.length > 0);
}

/** Digital content (books): an entry of digits only. */
export function isDigitalContent(entry: string): boolean {
  return ALL_DIGITS.test(entry);
}

/** What to do with digital content: keep it, remove it, or keep only it. */
export type DigitalMode = 'keep' | 'remove' | 'only';

export interface FilterOptions {
  removeDuplicates: boolean;
  digital: DigitalMode;
}

export interface FilterCounts {
  /** Entries in the input. */
  total: number;
  /** Entries that repeat an earlier one (total minus distinct entries). */
  duplicate: number;
  /** All-digit entries in the input (repeats counted). */
  digital: number;
  /** Entries in the result. */
  result: number;
}

export interface FilterOutcome {
  asins: string[];
  counts: FilterCounts;
}

/** Applies the options: duplicates removed first (the first occurrence stays), then the digital rule. */
export function filterAsins(text: string, options: FilterOptions): FilterOutcome {
  const entries = splitAsins(text);
  const distinct = new Set<string>();
  let digital = 0;
  for (const entry of entries) {
    distinct.add(entry);
    if (isDigitalContent(entry)) digital += 1;
  }
  let asins = options.removeDuplicates ? [...distinct] : entries;
  if (options.digital === 'remove') asins = asins.filter((entry) => !isDigitalContent(entry));
  else if (options.digital === 'only') asins = asins.filter(isDigitalContent);
  return {
    asins,
    counts: {
      total: entries.length,
      duplicate: entries.length - distinct.size,
      digital,
      result: asins.length,
    },
  };
}

/** The copied and downloaded text: one ASIN a line. */
export function formatAsinList(asins: readonly string[]): string {
  return asins.length ? `${asins.join('\n')}\n` : '';
}

/** The beginning of a long text, cut after a whole line; `truncated` when something was left out. */
export function previewText(text: string, maxChars = PREVIEW_CHARS): { preview: string; truncated: boolean } {
  if (text.length <= maxChars) return { preview: text, truncated: false };
  const cut = text.lastIndexOf('\n', maxChars);
  return { preview: text.slice(0, cut > 0 ? cut : maxChars), truncated: true };
}

/** The download's file name; it includes the result count (part 1). */
export function downloadFileName(resultCount: number): string {
  return `asin-filter-${resultCount}.txt`;
}

/** A file above 1048576 bytes gets the warning (it is still read). */
export function exceedsUploadWarning(size: number): boolean {
  return size > UPLOAD_WARNING_BYTES;
}

/** A unit of work the worker (or the main thread) does. */
export type AsinTask =
  { kind: 'clean'; text: string } | { kind: 'filter'; text: string; options: FilterOptions };

export type AsinTaskResult<T extends AsinTask> = T extends { kind: 'clean' } ? CleanedText : FilterOutcome;

export function runAsinTask<T extends AsinTask>(task: T): AsinTaskResult<T> {
  const result = task.kind === 'clean' ? cleanAsinText(task.text) : filterAsins(task.text, task.options);
  return result as AsinTaskResult<T>;
}

/** What the panel's controls depend on. */
export interface PanelState {
  premium: boolean;
  loading: boolean;
  /** The text in the input box. */
  text: string;
  lengthError: boolean;
  /** Entries in the last result, null before apply (or after the input changed). */
  resultCount: number | null;
}

/** Which controls are disabled (part 4; without a premium plan every input is). */
export interface DisabledControls {
  input: boolean;
  upload: boolean;
  /** Remove duplicates and the digital content choice. */
  options: boolean;
  apply: boolean;
  copy: boolean;
  download: boolean;
  reset: boolean;
}

export function disabledControls(s: PanelState): DisabledControls {
  const blocked = !s.premium || s.loading;
  const hasText = s.text.length > 0;
  const hasResult = s.resultCount !== null && s.resultCount > 0;
  return {
    input: blocked,
    upload: blocked,
    options: blocked || !hasText,
    apply: blocked || !hasText || s.lengthError,
    copy: blocked || !hasResult,
    download: blocked || !hasResult,
    reset: blocked || !hasText,
  };
}
