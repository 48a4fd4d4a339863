import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedValue } from './use-debounced-value';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useDebouncedValue', () => {
  it('answers the first value at once, and a new one only once it has held still for the delay', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 300), {
      initialProps: { value: '' },
    });
    expect(result.current).toBe('');

    rerender({ value: 'm' });
    act(() => vi.advanceTimersByTime(200));
    rerender({ value: 'mu' });
    act(() => vi.advanceTimersByTime(200));
    rerender({ value: 'mug' });
    act(() => vi.advanceTimersByTime(299));
    expect(result.current).toBe('');

    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('mug');
  });

  it('keeps a function value as it is (not as a state updater)', () => {
    const first = () => 'first';
    const value = () => 'picked';
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 50), {
      initialProps: { value: first },
    });
    expect(result.current).toBe(first);
    rerender({ value });
    act(() => vi.advanceTimersByTime(50));
    expect(result.current).toBe(value);
  });
});
