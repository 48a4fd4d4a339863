import {
  accountingLine,
  addDays,
  centimes,
  dayIn,
  dayWindow,
  previousPeriod,
  ZERO_ACCOUNTING,
  type TAccountingReport,
  type TAccountingRow,
  type TAccountingSums,
  type TAgentCommissionsReport,
  type TAnalyticsQuery,
  type TDayRange,
} from '@cod/shared';
import { withTenant } from '../../db/tenant-context.js';
import type { TAppDeps } from '../../http/app-deps.js';
import * as repo from './accounting.repository.js';
import { labelsOf } from './analytics.repository.js';
import { analyticsFiltersOf, analyticsPeriodOf, type TAnalyticsActor } from './analytics.service.js';

/**
 * The accounting view (issue 14.2, docs/decisions/0116) and the agents' commissions (decision
 * 0117): the money of a period under the analytics filters. Same period and filter rules as the
 * report (a Support Agent without 'view all orders' sees their own orders only).
 */
/** The instants of a period of local days, a day wider on each side (the exact day is checked in SQL). */
const widened = (range: TDayRange, timeZone: string) => ({
  from: dayWindow(addDays(range.from, -1), timeZone).from,
  to: dayWindow(addDays(range.to, 1), timeZone).to,
});

const sumsOf = (g: repo.TAccountingOutput): TAccountingSums => ({
  revenue_centimes: centimes(Number(g.revenue)),
  product_cost_centimes: centimes(Number(g.product_cost)),
  carrier_fee_centimes: centimes(Number(g.carrier_fee)),
  return_fee_centimes: centimes(Number(g.return_fee)),
  commission_centimes: centimes(Number(g.commission)),
  ad_spend_centimes: centimes(Number(g.ad_spend)),
  delivered_n: Number(g.delivered_n),
  returned_n: Number(g.returned_n),
});

/**
 * GET /dashboard/analytics/accounting. `source` 'computed' recomputes the orders' facts instead of
 * reading the stored ones (decision 0124): the same numbers, for the equality test and the bench.
 */
export async function accountingReport(
  deps: TAppDeps,
  actor: TAnalyticsActor,
  query: TAnalyticsQuery,
  now = new Date(),
  source: repo.TFactsSource = 'stored',
): Promise<TAccountingReport> {
  const filters = analyticsFiltersOf(actor, query);
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const period = await analyticsPeriodOf(tx, actor, query, now);
    const previous = query.compare && query.date !== 'all' ? previousPeriod(period, query.date) : null;
    const outputsOf = (range: TDayRange, shape: repo.TAccountingShape) =>
      repo.accountingOutputs(
        tx,
        actor.tenantId,
        range,
        widened(range, actor.timeZone),
        actor.timeZone,
        filters,
        source,
        shape,
      );
    const outputs = await outputsOf(period, 'groups');
    // Only the previous period's total is shown (decision 0132).
    const previousOutputs = previous ? await outputsOf(previous, 'totals') : null;
    const totalOf = (rows: repo.TAccountingOutput[]) => {
      const total = rows.find((row) => row.out === 'total');
      return accountingLine(total ? sumsOf(total) : ZERO_ACCOUNTING);
    };
    const rowsOf = (out: repo.TAccountingOutput['out']) => outputs.filter((row) => row.out === out);
    const productLabels = await labelsOf(
      tx,
      actor.tenantId,
      'product',
      rowsOf('product').map((row) => row.key),
    );
    const breakdown = (out: 'campaign' | 'product', label: (key: string) => string): TAccountingRow[] =>
      rowsOf(out)
        .map((row) => ({ key: row.key, label: label(row.key), ...accountingLine(sumsOf(row)) }))
        .sort(
          (a, b) =>
            b.revenue_centimes - a.revenue_centimes ||
            b.ad_spend_centimes - a.ad_spend_centimes ||
            a.key.localeCompare(b.key),
        );
    return {
      period,
      previousPeriod: previous,
      timeZone: actor.timeZone,
      totals: totalOf(outputs),
      previousTotals: previousOutputs ? totalOf(previousOutputs) : null,
      days: rowsOf('day')
        .map((row) => ({ day: row.key, ...accountingLine(sumsOf(row)) }))
        .sort((a, b) => a.day.localeCompare(b.day)),
      byProduct: breakdown('product', (key) => productLabels.get(key)?.label ?? key),
      byCampaign: breakdown('campaign', (key) => key),
    };
  });
}

/**
 * GET /dashboard/analytics/commissions: commission earned per agent in the period, from the
 * ledger (decision 0102), net of reversals. Without 'view accounting' a user sees their own row
 * only, as on the commissions screen.
 */
export async function agentCommissionsReport(
  deps: TAppDeps,
  actor: TAnalyticsActor & { seesAccounting: boolean },
  query: TAnalyticsQuery,
  now = new Date(),
  source: repo.TFactsSource = 'stored',
): Promise<TAgentCommissionsReport> {
  const filters = analyticsFiltersOf(
    actor.seesAccounting ? { ...actor, seesAll: true } : { ...actor, seesAll: false },
    query,
  );
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const period = await analyticsPeriodOf(tx, actor, query, now);
    const window = {
      from: dayWindow(period.from, actor.timeZone).from,
      to: dayWindow(period.to, actor.timeZone).to,
    };
    const groups = await repo.agentCommissions(tx, actor.tenantId, window, filters, source);
    const rows = groups
      .map((g) => {
        const earned = centimes(Number(g.earned));
        const reversed = centimes(Number(g.reversed));
        return {
          agent_id: g.agent_id,
          name: g.name ?? String(g.agent_id),
          earned_centimes: earned,
          reversed_centimes: reversed,
          net_centimes: centimes(earned - reversed),
          orders: g.orders,
        };
      })
      .sort((a, b) => b.net_centimes - a.net_centimes || a.agent_id - b.agent_id);
    return { period, rows, total_net_centimes: centimes(rows.reduce((s, r) => s + r.net_centimes, 0)) };
  });
}

/**
 * The rebuild command's proof for the money (issue 14.6): the shop's last `days` days read from
 * the rollups and computed directly from the orders, under no filter; the number of outputs
 * (total, days, campaigns, products) whose figures differ, or that only one of the two has.
 */
export function accountingMismatches(
  deps: TAppDeps,
  shop: { tenantId: number; timeZone: string },
  now = new Date(),
  days = 90,
): Promise<number> {
  const { tenantId, timeZone } = shop;
  return withTenant(deps.db, tenantId, async (tx) => {
    const to = dayIn(now, timeZone);
    const range = { from: addDays(to, -(days - 1)), to };
    const read = (source: repo.TFactsSource) =>
      repo.accountingOutputs(tx, tenantId, range, widened(range, timeZone), timeZone, [], source, 'groups');
    const key = (row: repo.TAccountingOutput) => `${row.out}:${row.key}`;
    const computed = new Map((await read('computed')).map((row) => [key(row), JSON.stringify(row)]));
    let differing = 0;
    for (const row of await read('stored')) {
      if (computed.get(key(row)) !== JSON.stringify(row)) differing += 1;
      computed.delete(key(row));
    }
    return differing + computed.size;
  });
}
