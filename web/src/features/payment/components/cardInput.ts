/** What the card fields keep of what is typed (or autofilled). */

/** Digits grouped by four as the number is typed (at most 19 digits). */
export const groupDigits = (text: string) =>
  text
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

export const digits = (text: string, max: number) => text.replace(/\D/g, '').slice(0, max);

/** The expiry year is typed with two digits; an autofilled "2029" keeps its last two. */
export const twoDigitYear = (text: string) => {
  const d = text.replace(/\D/g, '');
  return d.length === 4 && d.startsWith('20') ? d.slice(2) : d.slice(0, 2);
};
