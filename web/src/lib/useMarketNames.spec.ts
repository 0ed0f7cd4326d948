import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { useMarketNames } from './useMarketNames';

describe('useMarketNames', () => {
  it('names and lists markets in the page language, as the catalogue’s market lists do', async () => {
    await act(() => i18n.changeLanguage('tr'));
    const { result, rerender } = renderHook(() => useMarketNames());
    expect(result.current.name('UK')).toBe('Birleşik Krallık');
    expect(result.current.list(['CA', 'MX'])).toBe('Kanada ve Meksika');
    await act(() => i18n.changeLanguage('en'));
    rerender();
    expect(result.current.list(['CA', 'MX'])).toBe('Canada and Mexico');
    await act(() => i18n.changeLanguage('tr'));
  });
});
