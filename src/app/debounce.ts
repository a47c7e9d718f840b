import { useDebouncedCallback, useDebouncedValue } from '@mantine/hooks';
import { limits } from '../../machines/constants';

/** Debounce default (spec §9): 1000 ms. */
export const defaultDebounceMs: number = limits.debounce;

/**
 * Mantine's `useDebouncedValue` with the spec's default wait. Returns `[debounced, cancel]`.
 */
export function useAppDebouncedValue<T>(value: T, wait: number = defaultDebounceMs) {
  return useDebouncedValue(value, wait);
}

/**
 * Mantine's `useDebouncedCallback` with the spec's default wait. The returned function has
 * `.flush()` and `.cancel()`.
 */
export function useAppDebouncedCallback<Args extends unknown[]>(
  callback: (...args: Args) => void,
  wait: number = defaultDebounceMs,
) {
  return useDebouncedCallback(callback, wait);
}
