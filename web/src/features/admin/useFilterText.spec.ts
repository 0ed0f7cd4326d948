import { act, renderHook } from '@testing-library/react';
import type { ChangeEvent } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFilterText } from './useFilterText';

const typed = (value: string) => ({ currentTarget: { value } }) as ChangeEvent<HTMLInputElement>;

describe('useFilterText', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows what is typed at once and writes it (trimmed; empty = none) once typing stops', () => {
    const write = vi.fn();
    const { result } = renderHook(() => useFilterText('', write));
    act(() => result.current.onChange(typed(' ayse')));
    act(() => result.current.onChange(typed(' ayse@example.com ')));
    expect(result.current.value).toBe(' ayse@example.com ');
    act(() => vi.advanceTimersByTime(399));
    expect(write).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(write.mock.calls).toEqual([['ayse@example.com']]);
    act(() => result.current.onChange(typed('  ')));
    act(() => vi.advanceTimersByTime(400));
    expect(write.mock.calls.at(-1)).toEqual([null]);
  });

  it('reset empties the box and drops the write still waiting', () => {
    const write = vi.fn();
    const { result } = renderHook(() => useFilterText('mehmet@example.com', write));
    expect(result.current.value).toBe('mehmet@example.com');
    act(() => result.current.onChange(typed('x')));
    act(() => result.current.reset());
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.value).toBe('');
    expect(write).not.toHaveBeenCalled();
  });
});
