import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { trackerRun } from '../../test/fixtures';
import { asinParams, atHour, coveragePercent, runSummary, scheduleText, trackerName } from './model';

const tFor = (lng: 'tr' | 'en') => i18n.getFixedT(lng, 'trackers');

describe('trackers: words of a schedule', () => {
  it('the hour with its Turkish locative suffix, read as the number is said', () => {
    const said = [0, 1, 3, 6, 9, 10, 13, 16, 20, 23].map((h) => atHour(h, 'tr'));
    expect(said).toEqual([
      "00:00'da",
      "01:00'de",
      "03:00'te",
      "06:00'da",
      "09:00'da",
      "10:00'da",
      "13:00'te",
      "16:00'da",
      "20:00'de",
      "23:00'te",
    ]);
    expect(atHour(6, 'en')).toBe('06:00');
  });

  it('daily and weekly, on Istanbul time, in both languages', () => {
    const daily = { schedule: 'daily' as const, hour: 6, weekday: null };
    const weekly = { schedule: 'weekly' as const, hour: 14, weekday: 1 };
    expect(scheduleText(daily, tFor('en'), 'en')).toBe('Every day at 06:00 Istanbul time');
    expect(scheduleText(daily, tFor('tr'), 'tr')).toBe("Her gün 06:00'da (İstanbul saati)");
    expect(scheduleText(weekly, tFor('en'), 'en')).toBe('Every Monday at 14:00 Istanbul time');
    expect(scheduleText(weekly, tFor('tr'), 'tr')).toBe("Her pazartesi 14:00'te (İstanbul saati)");
  });
});

describe('trackers: a run in words', () => {
  it('a complete run: what it added and removed', () => {
    expect(runSummary(trackerRun({ id: 'r' }), tFor('en'))).toBe('+3 added · −1 removed');
    expect(runSummary(trackerRun({ id: 'r' }), tFor('tr'))).toBe('+3 eklendi · −1 kaldırıldı');
  });

  it('a partial or failed run reports its additions and no removal; the baseline its size', () => {
    const partial = trackerRun({
      id: 'p',
      status: 'COMPLETED_PARTIAL',
      complete: false,
      notSeen: 61,
      removedCount: 0,
    });
    expect(runSummary(partial, tFor('en'))).toBe('+3 added · partial: 61 not seen, no removals reported');
    expect(runSummary(partial, tFor('tr'))).toBe('+3 eklendi · kısmi: 61 görülmedi, kaldırma bildirilmedi');
    const failed = trackerRun({ id: 'f', status: 'FAILED', complete: false, addedCount: 0, notSeen: 120 });
    expect(runSummary(failed, tFor('en'))).toBe(
      'Failed · +0 added · partial: 120 not seen, no removals reported',
    );
    const baseline = trackerRun({ id: 'b', baseline: true, found: 1870, addedCount: 0, removedCount: 0 });
    expect(runSummary(baseline, tFor('en'))).toBe('Baseline: 1870 ASINs');
    expect(runSummary(trackerRun({ id: 'g', status: 'PROCESSING' }), tFor('en'))).toBe('Running now…');
    const above = trackerRun({ id: 'a', aboveLimit: true });
    expect(runSummary(above, tFor('en'))).toBe(
      '+3 added · −1 removed · only what both runs could see compared (above the list limit)',
    );
    expect(runSummary(above, tFor('tr'))).toBe(
      '+3 eklendi · −1 kaldırıldı · yalnızca iki çalıştırmanın da görebildikleri karşılaştırıldı (liste sınırının üzerinde)',
    );
  });

  it('coverage is rounded down, in each language’s way', () => {
    expect(coveragePercent(0.97, 'en')).toBe('97%');
    expect(coveragePercent(0.9996, 'en')).toBe('99.9%');
    expect(coveragePercent(0.97, 'tr')).toBe('%97');
    expect(coveragePercent(null, 'en')).toBe('—');
  });

  it('the ASIN list query: 0-based page and size like the scans lists, present unless all', () => {
    expect(asinParams({ page: 2, filter: 'present' })).toEqual({ page: 2, size: 20, present: 'true' });
    expect(asinParams({ page: 0, filter: 'removed' })).toEqual({ page: 0, size: 20, present: 'false' });
    expect(asinParams({ page: 0, filter: 'all' })).toEqual({ page: 0, size: 20 });
  });
});

describe('trackers: a tracker’s name', () => {
  it('its label, else its store link', () => {
    expect(trackerName({ fileName: 'Rival', storeUrl: 'https://www.amazon.ca/s?me=A1RIVALSTORE1' })).toBe(
      'Rival',
    );
    expect(trackerName({ fileName: '', storeUrl: 'https://www.amazon.ca/s?me=A1RIVALSTORE1' })).toBe(
      'https://www.amazon.ca/s?me=A1RIVALSTORE1',
    );
  });
});
