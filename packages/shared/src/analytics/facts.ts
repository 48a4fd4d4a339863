import type { TStatusType } from '../statuses.js';
import { CONFIRMED_OR_LATER_STATUS_TYPES } from './metrics.js';
import { zonedParts } from '../zoned-parts.js';

/**
 * What one order contributes to the analytics (issue 14.1, docs/decisions/0077): the events that
 * define each metric and the instant each happened. Migration 0018 computes the same thing in SQL
 * (app_analytics_compute_facts) for the rollups; the unit tests pin the rules on hand-made cases.
 */
export const ANALYTICS_METRICS = [
  'created',
  'called',
  'decided',
  'confirmed',
  'cancelled',
  'dispatched',
  'delivered',
  'delivered_timed',
  'returned',
] as const;
export type TAnalyticsMetric = (typeof ANALYTICS_METRICS)[number];

const DISPATCHED_TYPES: readonly TStatusType[] = ['inDispatch', 'follow-up', 'delivered', 'returned'];

export interface TOrderHistoryEntry {
  type: TStatusType;
  at: Date;
}

export interface TOrderFacts {
  createdAt: Date;
  /** First status other than new: someone called (or the order moved on). */
  calledAt: Date | null;
  /** The first confirmation, or the cancellation of an order never confirmed. */
  decidedAt: Date | null;
  /** First entry into confirmed or any later type (a go-back and re-confirmation counts once). */
  confirmedAt: Date | null;
  /** The last cancellation, only while the order is cancelled. */
  cancelledAt: Date | null;
  /** First entry into inDispatch, follow-up, delivered or returned. */
  dispatchedAt: Date | null;
  /** The last delivery, only while the order is delivered. */
  deliveredAt: Date | null;
  /** The last return, only while the order is returned (re-dispatched then delivered: delivered). */
  returnedAt: Date | null;
}

/** The facts of an order from its creation time, current status type and status history. */
export function orderFacts(
  order: { createdAt: Date; statusType: TStatusType },
  history: TOrderHistoryEntry[],
): TOrderFacts {
  const first = (types: readonly TStatusType[]) =>
    history.filter((h) => types.includes(h.type)).reduce<Date | null>((m, h) => (m && m <= h.at ? m : h.at), null);
  const last = (type: TStatusType) =>
    history.filter((h) => h.type === type).reduce<Date | null>((m, h) => (m && m >= h.at ? m : h.at), null);
  const calledAt = history
    .filter((h) => h.type !== 'new')
    .reduce<Date | null>((m, h) => (m && m <= h.at ? m : h.at), null);
  const confirmedAt = first(CONFIRMED_OR_LATER_STATUS_TYPES);
  const cancelledAt = order.statusType === 'cancelled' ? last('cancelled') : null;
  return {
    createdAt: order.createdAt,
    calledAt,
    decidedAt: confirmedAt ?? cancelledAt,
    confirmedAt,
    cancelledAt,
    dispatchedAt: first(DISPATCHED_TYPES),
    deliveredAt: order.statusType === 'delivered' ? last('delivered') : null,
    returnedAt: order.statusType === 'returned' ? last('returned') : null,
  };
}

export interface TAnalyticsEvent {
  metric: TAnalyticsMetric;
  /** The local day ('YYYY-MM-DD') in the shop's time zone the event is counted on. */
  day: string;
  /** The local hour (0..23) of the event. */
  hour: number;
  /** Seconds the metric measures: confirmation delay, or delivery time; 0 otherwise. */
  durationS: number;
}

const dayHour = (instant: Date, timeZone: string) => {
  const get = zonedParts(instant, timeZone, ['year', 'month', 'day', 'hour']);
  return { day: `${get('year')}-${get('month')}-${get('day')}`, hour: Number(get('hour')) };
};

const seconds = (from: Date, to: Date) => Math.max(0, Math.floor((to.getTime() - from.getTime()) / 1000));

/** The events of an order's facts, each on its local day in the shop's zone. */
export function analyticsEvents(facts: TOrderFacts, timeZone: string): TAnalyticsEvent[] {
  const events: TAnalyticsEvent[] = [];
  const add = (metric: TAnalyticsMetric, at: Date | null, durationS = 0) => {
    if (at) events.push({ metric, ...dayHour(at, timeZone), durationS });
  };
  add('created', facts.createdAt);
  add('called', facts.calledAt);
  add('decided', facts.decidedAt);
  add('confirmed', facts.confirmedAt, facts.confirmedAt ? seconds(facts.createdAt, facts.confirmedAt) : 0);
  add('cancelled', facts.cancelledAt);
  add('dispatched', facts.dispatchedAt);
  add(
    'delivered',
    facts.deliveredAt,
    facts.deliveredAt && facts.dispatchedAt ? seconds(facts.dispatchedAt, facts.deliveredAt) : 0,
  );
  add('delivered_timed', facts.dispatchedAt ? facts.deliveredAt : null);
  add('returned', facts.returnedAt);
  return events;
}
