/** The days and months of limits, counters and charts: Turkey's time, as the search service counts them. */
export const ISTANBUL = 'Europe/Istanbul';
