/**
 * The batches shown on the dashboard: the ids of the user's recent batches, kept in this browser
 * (localStorage, the 10 newest). A batch's scans are ordinary scans on the board as well.
 */
const KEY = 'shelfscan.batches';
const KEEP = 10;

export function recentBatches(storage: Storage = window.localStorage): string[] {
  try {
    const ids: unknown = JSON.parse(storage.getItem(KEY) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberBatch(id: string, storage: Storage = window.localStorage): string[] {
  const ids = [id, ...recentBatches(storage).filter((x) => x !== id)].slice(0, KEEP);
  storage.setItem(KEY, JSON.stringify(ids));
  window.dispatchEvent(new Event(KEY));
  return ids;
}

export function forgetBatch(id: string, storage: Storage = window.localStorage): string[] {
  const ids = recentBatches(storage).filter((x) => x !== id);
  storage.setItem(KEY, JSON.stringify(ids));
  window.dispatchEvent(new Event(KEY));
  return ids;
}

/** The event `rememberBatch` and `forgetBatch` send, so the dashboard shows a new batch at once. */
export const BATCHES_CHANGED = KEY;
