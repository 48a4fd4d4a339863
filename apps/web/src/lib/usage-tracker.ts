/**
 * SPEC 7: usage-tracking events, sent to a tracker only when one is configured (none by default).
 * Tracking never sits in the user's way: the call returns at once, the tracker runs after the
 * current task, and whatever it throws or rejects is swallowed (docs/decisions/0025).
 */
export const USAGE_EVENTS = [
  'page_visited',
  'page_navigated',
  'button_clicked',
  'form_submitted',
  'navigation_clicked',
  'onboarding_step',
  'user_engagement',
  'support_request',
] as const;

export type TUsageEvent = (typeof USAGE_EVENTS)[number];
export type TUsageProps = Record<string, string | number | boolean | null | undefined>;

export interface TUsageTracker {
  track(event: TUsageEvent, props: TUsageProps): void | Promise<unknown>;
}

let tracker: TUsageTracker | null = null;

/** Plugs in an analytics integration (or removes it with null). */
export function setUsageTracker(next: TUsageTracker | null): void {
  tracker = next;
}

export function track(event: TUsageEvent, props: TUsageProps = {}): void {
  const current = tracker;
  if (!current) return;
  const copy = { ...props };
  setTimeout(() => {
    try {
      const result = current.track(event, copy);
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        (result as Promise<unknown>).then(undefined, () => undefined);
      }
    } catch {
      // A broken tracker must never break the page.
    }
  }, 0);
}
