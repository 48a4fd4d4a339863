import { z } from 'zod';
import { confirmationRate, deliveryRate } from '../analytics/metrics.js';
import { m } from '../messages/message.js';
import { centimes, fromDinars, ratioOf, type TCentimes } from '../money/centimes.js';
import { parseLocalDate, startOfLocalDay, type TDateRange } from '../orders/date-ranges.js';
import type { TCommissionOn, TCommissionType } from '../team/users.js';

/**
 * The home page's numbers and the daily report (issue 14.3-14.4, docs/decisions/0081-0082). The
 * rates come from ../analytics (one definition for the whole product); this module holds the
 * shapes both sides read and the few pure rules of its own (the day window, the commission).
 */

/** One local calendar day 'YYYY-MM-DD' (the daily report's ?day=). */
export const ZReportDay = z.string().refine((value) => parseLocalDate(value) !== null, {
  error: m('reports.day_invalid'),
});

const HOUR = m('reports.hour_invalid');

/** The hour (0-23, shop time) the daily report is mailed to the owners; null: not mailed. */
export const ZDailyReportSettings = z.object({
  daily_report_hour: z.union([z.null(), z.number({ error: HOUR }).int(HOUR).min(0, HOUR).max(23, HOUR)], {
    error: HOUR,
  }),
});
export type TDailyReportSettings = z.infer<typeof ZDailyReportSettings>;

/** The [from, to) instants of a local calendar day (DST-safe: a day may last 23 or 25 hours). */
export function dayWindow(day: string, timeZone: string): TDateRange {
  const parsed = parseLocalDate(day);
  if (!parsed) throw new Error(`Not a calendar day: ${day}`);
  return {
    from: startOfLocalDay(parsed.year, parsed.month, parsed.day, timeZone),
    to: startOfLocalDay(parsed.year, parsed.month, parsed.day + 1, timeZone),
  };
}

/** The [from, to) instants of the local calendar month holding `day`. */
export function monthWindow(day: string, timeZone: string): TDateRange {
  const parsed = parseLocalDate(day);
  if (!parsed) throw new Error(`Not a calendar day: ${day}`);
  return {
    from: startOfLocalDay(parsed.year, parsed.month, 1, timeZone),
    to: startOfLocalDay(parsed.year, parsed.month + 1, 1, timeZone),
  };
}

/** The calendar day before `day` ('2026-03-01' -> '2026-02-28'). */
export function previousDay(day: string): string {
  const parsed = parseLocalDate(day);
  if (!parsed) throw new Error(`Not a calendar day: ${day}`);
  return new Date(Date.UTC(parsed.year, parsed.month - 1, parsed.day - 1)).toISOString().slice(0, 10);
}

/** A user's commission settings as the users table keeps them (docs/decisions/0058). */
export interface TCommissionSetting {
  type: TCommissionType;
  /** DZD per order, numeric(14,2) text or number. */
  amount: number | string;
  /** Percent of the order total, 0-100 with two decimals. */
  rate: number | string;
  on: TCommissionOn;
}

/**
 * What an agent earned on the orders that count for their setting (those confirmed, or delivered,
 * in the period): a fixed amount per order, or a percentage of their totals rounded half away from
 * zero to the centime. 'none' earns nothing.
 */
export function commissionEarned(
  setting: Pick<TCommissionSetting, 'type' | 'amount' | 'rate'>,
  counted: { orders: number; totalCentimes: TCentimes },
): TCentimes {
  switch (setting.type) {
    case 'none':
      return centimes(0);
    case 'fixed':
      return centimes(fromDinars(setting.amount) * counted.orders);
    case 'percent':
      // The rate has two decimals: percent x 100 is a whole number of basis points.
      return ratioOf(counted.totalCentimes, fromDinars(setting.rate), 10_000);
  }
}

/** The two rates of a day, by the analytics definitions (docs/decisions/0077). */
export function dayRates(c: { decided: number; confirmed: number; delivered: number; returned: number }) {
  return {
    confirmation_rate: confirmationRate({ confirmedOrLater: c.confirmed, decided: c.decided }),
    delivery_rate: deliveryRate({ delivered: c.delivered, returned: c.returned }),
  };
}

/** One shop's day (docs/decisions/0081 says when each order counts). */
export interface TDaySummary {
  day: string;
  time_zone: string;
  /** Orders created that day (not deleted). */
  created: number;
  /** Orders whose first decision (leaving new/pending/reported) happened that day. */
  decided: number;
  /** ... of which to confirmed or later. */
  confirmed: number;
  /** ... of which to cancelled. */
  cancelled: number;
  /** Orders handed to a carrier that day (an inDispatch status). */
  dispatched: number;
  delivered: number;
  returned: number;
  /** Sum of the totals of the orders delivered that day, centimes. */
  revenue_delivered: TCentimes;
  /** confirmationRate(decided, confirmed): a share in [0, 1], null when nothing was decided. */
  confirmation_rate: number | null;
  /** deliveryRate(delivered, returned). */
  delivery_rate: number | null;
}

/** The daily report: the day, the day before for comparison, and the agents' share of the day. */
export interface TDailyReport {
  shop_name: string;
  summary: TDaySummary;
  previous: TDaySummary;
  agents: Array<{ id: number; name: string; decided: number; confirmed: number; delivered: number }>;
  /** Orders not decided yet at the end of the day (new, pending, reported), all time. */
  open_undecided: number;
}

/** An agent's own queue on the home page. */
export interface TAgentQueue {
  /** Assigned, new or pending (a reported order is a callback, below). */
  to_call: number;
  /** Assigned, reported, with a report date before the end of today (overdue included). */
  callbacks_due: number;
  /** Assigned orders whose first decision today was a confirmation. */
  confirmed_today: number;
  commission: {
    type: TCommissionType;
    on: TCommissionOn;
    /** Orders counted this month (confirmed, or delivered, this month). */
    orders: number;
    earned: TCentimes;
  };
}

/** GET /dashboard/home: what the signed-in user sees first. */
export interface THomeNumbers {
  today: string;
  time_zone: string;
  /** Present for users who work their own orders (no 'view all orders'), or have some assigned. */
  queue: TAgentQueue | null;
  /** Present for users who see the whole shop ('view all orders'). */
  shop: TDaySummary | null;
}
