import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUsageTracker, track, USAGE_EVENTS, type TUsageEvent } from './usage-tracker';

afterEach(() => {
  setUsageTracker(null);
  vi.useRealTimers();
});

describe('usage tracker (SPEC 7)', () => {
  it('lists the spec events', () => {
    expect(USAGE_EVENTS).toEqual([
      'page_visited',
      'page_navigated',
      'button_clicked',
      'form_submitted',
      'navigation_clicked',
      'onboarding_step',
      'user_engagement',
      'support_request',
    ] satisfies TUsageEvent[]);
  });

  it('does nothing at all without a tracker (not even a timer)', () => {
    vi.useFakeTimers();
    track('button_clicked', { id: 'save' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('hands the event to the tracker after the caller has returned', async () => {
    vi.useFakeTimers();
    const seen: unknown[] = [];
    setUsageTracker({ track: (event, props) => void seen.push([event, props]) });
    const props = { path: '/dashboard/orders' };
    track('page_visited', props);
    props.path = 'changed later';
    expect(seen).toEqual([]); // never in the click handler's path
    await vi.runAllTimersAsync();
    expect(seen).toEqual([['page_visited', { path: '/dashboard/orders' }]]);
  });

  it('swallows a tracker that throws or rejects', async () => {
    vi.useFakeTimers();
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      setUsageTracker({
        track: () => {
          throw new Error('analytics script broke');
        },
      });
      expect(() => track('form_submitted')).not.toThrow();
      await vi.runAllTimersAsync();
      setUsageTracker({ track: () => Promise.reject(new Error('offline')) });
      expect(() => track('support_request')).not.toThrow();
      await vi.runAllTimersAsync();
      vi.useRealTimers();
      await new Promise((r) => setTimeout(r, 10));
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });
});
