import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedCallback } from './use-debounced-callback';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useDebouncedCallback', () => {
  it('calls once, with the last arguments, after the calls stop for the delay', () => {
    const spy = vi.fn();
    const { result } = renderHook(() => useDebouncedCallback(spy, 300));

    act(() => result.current('a'));
    act(() => vi.advanceTimersByTime(200));
    act(() => result.current('ab'));
    act(() => vi.advanceTimersByTime(299));
    expect(spy).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1));
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy).toHaveBeenCalledWith('ab');
  });

  it('runs the newest callback and keeps its own identity across renders', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { result, rerender } = renderHook(({ callback }) => useDebouncedCallback(callback, 100), {
      initialProps: { callback: first },
    });
    const debounced = result.current;

    act(() => result.current(1));
    rerender({ callback: second });
    act(() => vi.advanceTimersByTime(100));

    expect(result.current).toBe(debounced);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith(1);
  });

  it('drops the waiting call on cancel and when the component goes away', () => {
    const spy = vi.fn();
    const { result, unmount } = renderHook(() => useDebouncedCallback(spy, 100));

    act(() => result.current());
    act(() => result.current.cancel());
    act(() => vi.advanceTimersByTime(100));
    expect(spy).not.toHaveBeenCalled();

    act(() => result.current());
    unmount();
    act(() => vi.advanceTimersByTime(100));
    expect(spy).not.toHaveBeenCalled();
  });
});
