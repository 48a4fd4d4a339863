import {
  ANALYTICS_FILTERS,
  analyticsPeriod,
  previousPeriod,
  type TAnalyticsFilter,
  type TAnalyticsQuery,
  type TAnalyticsReport,
  type TDayRange,
  type TMetricTable,
} from '@cod/shared';
import type { Db, Tx } from '../../db/client.js';
import { withSystem, withTenant } from '../../db/tenant-context.js';
import type { TAppDeps } from '../../http/app-deps.js';
import * as repo from './analytics.repository.js';

/** Who reads the analytics: a Support Agent (no 'view all orders') sees only their own orders. */
export interface TAnalyticsActor {
  tenantId: number;
  userId: number;
  timeZone: string;
  seesAll: boolean;
}

/** The query's filters, the agent one first and forced to the actor's own id without 'view all orders'. */
export function analyticsFiltersOf(
  actor: TAnalyticsActor,
  query: TAnalyticsQuery,
): Array<{ kind: TAnalyticsFilter; value: string }> {
  const filters: Array<{ kind: TAnalyticsFilter; value: string }> = ANALYTICS_FILTERS.flatMap((kind) => {
    const value = query[kind];
    return value === undefined || kind === 'agent' ? [] : [{ kind, value }];
  });
  const agent = actor.seesAll ? query.agent : String(actor.userId);
  if (agent !== undefined) filters.unshift({ kind: 'agent', value: agent === 'none' ? '0' : agent });
  return filters;
}

/** The query's period of local days ('all' starts at the shop's first order). */
export async function analyticsPeriodOf(
  tx: Tx,
  actor: TAnalyticsActor,
  query: TAnalyticsQuery,
  now: Date,
): Promise<TDayRange> {
  const first = query.date === 'all' ? await repo.firstDay(tx, actor.tenantId) : null;
  return analyticsPeriod(query.date, {
    now,
    timeZone: actor.timeZone,
    start: query.start,
    end: query.end,
    firstDay: first,
  });
}

const sumTables = (tables: TMetricTable[]): TMetricTable => {
  const out: TMetricTable = {};
  for (const table of tables) {
    for (const [metric, sums] of Object.entries(table) as Array<
      [keyof TMetricTable, NonNullable<TMetricTable[keyof TMetricTable]>]
    >) {
      const into = (out[metric] ??= { n: 0, amount: 0, durationS: 0 });
      into.n += sums.n;
      into.amount += sums.amount;
      into.durationS += sums.durationS;
    }
  }
  return out;
};

/**
 * GET /dashboard/analytics/report (issue 14.2): totals, the day series and one breakdown for a
 * period, with the previous period's totals. One filter reads the rollups; several filters count
 * from the per-order facts (docs/decisions/0078).
 */
export async function analyticsReport(
  deps: TAppDeps,
  actor: TAnalyticsActor,
  query: TAnalyticsQuery,
  now = new Date(),
): Promise<TAnalyticsReport> {
  const filters = analyticsFiltersOf(actor, query);
  const slowPath = filters.length > 1;

  const report = await withTenant(deps.db, actor.tenantId, async (tx) => {
    const period = await analyticsPeriodOf(tx, actor, query, now);
    const previous = query.compare && query.date !== 'all' ? previousPeriod(period, query.date) : null;
    const filter = filters[0] ?? null;
    const daily = (range: typeof period) =>
      slowPath
        ? repo.sumFromFacts(tx, actor.tenantId, range, filters, 'day')
        : repo.dailyFromRollups(tx, actor.tenantId, range, filter);
    const days = await daily(period);
    const previousDays = previous ? await daily(previous) : null;
    let breakdown: TAnalyticsReport['breakdown'] = null;
    if (query.breakdown) {
      const dimension = query.breakdown;
      const sums = slowPath
        ? await repo.sumFromFacts(tx, actor.tenantId, period, filters, dimension)
        : await repo.breakdownFromRollups(tx, actor.tenantId, period, filter, dimension);
      const labels = await repo.labelsOf(
        tx,
        actor.tenantId,
        dimension,
        sums.map((s) => s.key),
      );
      breakdown = {
        dimension,
        rows: sums.map((s) => ({
          key: s.key,
          label: labels.get(s.key)?.label ?? s.key,
          labelAr: labels.get(s.key)?.label_ar ?? null,
          metrics: s.metrics,
        })),
      };
    }
    const pending = await repo.pendingDeltas(tx, actor.tenantId);
    return {
      pending,
      value: {
        period,
        previousPeriod: previous,
        timeZone: actor.timeZone,
        slowPath,
        totals: sumTables(days.map((d) => d.metrics)),
        previousTotals: previousDays ? sumTables(previousDays.map((d) => d.metrics)) : null,
        days: days.map((d) => ({ day: d.key, metrics: d.metrics })).sort((a, b) => a.day.localeCompare(b.day)),
        breakdown,
      } satisfies TAnalyticsReport,
    };
  });
  if (report.pending > repo.ANALYTICS_FOLD_THRESHOLD) await repo.foldAnalytics(deps.db, actor.tenantId);
  return report.value;
}

/**
 * The background fold (decision 0118): every shop with noted order changes, folded in its own
 * short transaction; a shop another fold holds at that moment is left to it.
 */
export async function foldPendingAnalytics(db: Db): Promise<{ shops: number; orders: number }> {
  const shops = await withSystem(db, (tx) => repo.shopsWithPendingAnalytics(tx));
  let orders = 0;
  for (const tenantId of shops) orders += (await repo.foldAnalytics(db, tenantId)) ?? 0;
  return { shops: shops.length, orders };
}

/** The rebuild command: recomputes a shop's rollups, then proves they match a direct count. */
export async function rebuildShopAnalytics(deps: TAppDeps, tenantId: number): Promise<{ mismatches: number }> {
  await withTenant(deps.db, tenantId, (tx) => repo.rebuildAnalytics(tx, tenantId));
  const mismatches = await withTenant(deps.db, tenantId, (tx) => repo.countMismatches(tx, tenantId));
  return { mismatches };
}
