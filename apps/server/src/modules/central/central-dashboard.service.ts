import { dayIn, monthIn, type TCentralDashboard } from '@cod/shared';
import { withSystem } from '../../db/tenant-context.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { countPendingIn } from '../waiting-list/waiting-list.service.js';
import * as repo from './central-dashboard.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEKS = 8;
const DAYS = 30;

/** Fills the days (or weeks) without a row with zero, so the chart's axis has no holes. */
function series<K extends 'day' | 'week'>(
  key: K,
  found: Array<Record<K, string> & { count: number }>,
  start: Date,
  steps: number,
  stepDays: number,
): Array<Record<K, string> & { count: number }> {
  const counts = new Map<string, number>(found.map((r) => [r[key] as string, r.count]));
  return Array.from({ length: steps }, (_, i) => {
    const label = dayIn(new Date(start.getTime() + i * stepDays * DAY_MS));
    return { [key]: label, count: counts.get(label) ?? 0 } as Record<K, string> & { count: number };
  });
}

/** Monday of the Africa/Algiers week of `date`, as an instant at noon UTC of that day. */
function mondayOf(date: Date): Date {
  const day = new Date(`${dayIn(date)}T12:00:00Z`);
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
}

/** /central/dashboard (issue 19.6): tenants by state, MRR, this month's payments, trials, sign-ups, orders. */
export function centralDashboard({ db }: TAppDeps, now = new Date()): Promise<{ data: TCentralDashboard }> {
  return withSystem(db, async (tx) => {
    const byStatus = Object.fromEntries((await repo.tenantsByStatus(tx)).map((r) => [r.status, r.n]));
    const today = new Date(`${dayIn(now)}T12:00:00Z`);
    return {
      data: {
        tenants: {
          active: byStatus.active ?? 0,
          trialing: byStatus.trialing ?? 0,
          past_due: byStatus.past_due ?? 0,
          expired: byStatus.expired ?? 0,
          suspended: byStatus.suspended ?? 0,
        },
        mrr: await repo.monthlyRecurringRevenue(tx),
        payments_month: await repo.paymentsOfMonth(tx, monthIn(now)),
        trials_ending: await repo.trialsEnding(tx, 7),
        waiting: await countPendingIn(tx),
        signups_per_week: series(
          'week',
          await repo.signupsPerWeek(tx, WEEKS),
          new Date(mondayOf(now).getTime() - (WEEKS - 1) * 7 * DAY_MS),
          WEEKS,
          7,
        ),
        orders_per_day: series(
          'day',
          await repo.ordersPerDay(tx, DAYS),
          new Date(today.getTime() - (DAYS - 1) * DAY_MS),
          DAYS,
          1,
        ),
      },
    };
  });
}
