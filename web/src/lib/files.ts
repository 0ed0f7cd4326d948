/** The kinds of list file an upload takes: plain text, and for tables also CSV. */
export type ListFileKind = 'txt' | 'csv';

const TYPES: Record<ListFileKind, string[]> = {
  txt: ['text/plain'],
  // Windows browsers give a .csv the type Excel registered for it.
  csv: ['text/csv', 'application/vnd.ms-excel'],
};

/**
 * Whether an upload is a list file of `kinds`: by its type when the browser gave one (`text/plain`
 * with or without a charset; `text/csv`), by its name's extension when it gave none. A type that
 * says otherwise is refused whatever the name ("fake.txt" of type application/octet-stream).
 */
export function isListFile(file: Pick<File, 'name' | 'type'>, kinds: ListFileKind[] = ['txt']): boolean {
  const type = file.type.toLowerCase().split(';')[0]!.trim();
  const named = kinds.some((kind) => file.name.toLowerCase().endsWith(`.${kind}`));
  if (!type) return named;
  if (type === 'application/vnd.ms-excel') return kinds.includes('csv') && named;
  return kinds.some((kind) => TYPES[kind].includes(type));
}
