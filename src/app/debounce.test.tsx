// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { defaultDebounceMs, useAppDebouncedCallback, useAppDebouncedValue } from './debounce';

describe('debounce default (spec §9: 1000 ms)', () => {
  it('is 1000 ms', () => {
    expect(defaultDebounceMs).toBe(1000);
  });

  it('useAppDebouncedValue settles after 1000 ms by default', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ v }) => useAppDebouncedValue(v), { initialProps: { v: 'a' } });
    rerender({ v: 'b' });
    act(() => vi.advanceTimersByTime(999));
    expect(result.current[0]).toBe('a');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current[0]).toBe('b');
  });

  it('useAppDebouncedCallback calls once, 1000 ms after the last call', () => {
    vi.useFakeTimers();
    const spy = vi.fn();
    const { result } = renderHook(() => useAppDebouncedCallback(spy));
    act(() => {
      result.current(1);
      vi.advanceTimersByTime(500);
      result.current(2);
      vi.advanceTimersByTime(999);
    });
    expect(spy).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy).toHaveBeenCalledWith(2);
  });
});
