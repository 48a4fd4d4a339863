import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, ANALYTICS_FILTERS, STATUS_TYPES, type TAnalyticsFilter, type TDayRange } from '@cod/shared';
import { rows } from '../../src/db/client.js';
import { withTenant } from '../../src/db/tenant-context.js';
import * as repo from '../../src/modules/analytics/analytics.repository.js';
import { openTestApp } from '../support/test-db.js';
import { agentOf, shopWithCatalogue } from '../orders/orders-support.js';
import { createVariedOrders, runWithFolds, seededRandom, statusOfType } from './analytics-support.js';

const { app, database } = await openTestApp();
const TRANSITIONS = process.env.TEST_DATABASE_URL ? 600 : 120;
const ORDERS = process.env.TEST_DATABASE_URL ? 60 : 30;

/** Key rows that differ from the keys of the shop's stored facts (decision 0127); empty when equal. */
const keysOutOfStep = (tenantId: number) =>
  withTenant(database.db, tenantId, (tx) =>
    rows<{ kind: string; value: string; order_id: number }>(
      tx,
      sql`(select k.kind, k.value, k.last_at, k.first_at, k.order_id from analytics_fact_keys k where k.tenant_id = ${tenantId}
           except all
           select d.kind, d.value, d.last_at, d.first_at, d.order_id from analytics_order_facts f
             cross join lateral app_analytics_fact_key_rows(f) d where f.tenant_id = ${tenantId})
          union all
          (select d.kind, d.value, d.last_at, d.first_at, d.order_id from analytics_order_facts f
             cross join lateral app_analytics_fact_key_rows(f) d where f.tenant_id = ${tenantId}
           except all
           select k.kind, k.value, k.last_at, k.first_at, k.order_id from analytics_fact_keys k where k.tenant_id = ${tenantId})
          limit 20`,
    ),
  );

const SCALAR: TAnalyticsFilter[] = ['agent', 'source', 'campaign', 'wilaya', 'carrier'];
type TSums = Record<string, { n: number; amount: number; durationS: number }>;
const add = (into: TSums, from: repo.TKeyedSums[]) => {
  for (const row of from)
    for (const [metric, s] of Object.entries(row.metrics)) {
      const to = (into[`${row.key}|${metric}`] ??= { n: 0, amount: 0, durationS: 0 });
      to.n += s.n;
      to.amount += s.amount;
      to.durationS += s.durationS;
    }
  for (const [key, s] of Object.entries(into)) if (s.n === 0 && s.amount === 0) delete into[key];
  return into;
};

describe('analytics fact keys: the facts path of several filters (docs/decisions/0127)', () => {
  it('stay the keys of the stored facts and give the same sums as the rollups and a direct count', async () => {
    const shop = await shopWithCatalogue(app, database);
    const t = shop.tenant.id;
    const agents = [await agentOf(app, database, shop, 'Agent K'), await agentOf(app, database, shop, 'Agent L')];
    const ofType = await statusOfType(database, t);
    const orderIds = await createVariedOrders(shop, ORDERS, (i) => ({ quantity: 1, agent_id: agents[i % 2]!.id }));
    await withTenant(database.db, t, (tx) => tx.execute(sql`select app_analytics_fold(${t})`));
    expect(await keysOutOfStep(t)).toEqual([]);

    // Random transitions (status, agent, dimensions, a new product line, deletion), five writers at
    // a time, with background folds running alongside: each fold deletes and inserts facts rows.
    const { random, pick } = seededRandom(7);
    const tasks = Array.from({ length: TRANSITIONS }, (_, i) => {
      const orderId = pick(orderIds);
      const kind = random();
      const type = pick(STATUS_TYPES);
      const at = new Date(Date.now() + Math.round((random() - 0.5) * 6 * 86_400_000));
      const agent = pick([null, ...agents.map((a) => a.id)]);
      const wilaya = pick([16, 31]);
      return () =>
        withTenant(database.db, t, async (tx) => {
          if (kind < 0.7) {
            await tx.execute(sql`update orders set status_id = ${ofType(type)}, status_type = ${type}, updated_at = now()
                                 where tenant_id = ${t} and id = ${orderId}`);
            await tx.execute(sql`insert into fulfillment_statuses (tenant_id, order_id, status_id, description, created_at)
                                 values (${t}, ${orderId}, ${ofType(type)}, ${`k${i}`}, ${at.toISOString()})`);
          } else if (kind < 0.8) {
            await tx.execute(sql`update orders set agent_id = ${agent} where tenant_id = ${t} and id = ${orderId}`);
          } else if (kind < 0.9) {
            await tx.execute(sql`update orders set sales_source = ${pick(['facebook', 'google', null])},
                                   state_id = ${wilaya}, city_id = ${wilaya * 100 + 1} where tenant_id = ${t} and id = ${orderId}`);
          } else if (kind < 0.95) {
            await tx.execute(sql`insert into order_lines (tenant_id, order_id, position, product_id, quantity, price)
                                 values (${t}, ${orderId}, ${10 + i}, ${shop.pen.id}, 1, 800)`);
          } else {
            await tx.execute(sql`update orders set deleted_at = case when deleted_at is null then now() end
                                 where tenant_id = ${t} and id = ${orderId}`);
          }
        });
    });
    // Five writers and one background fold folding until the last transition has started.
    const folds = await runWithFolds(database, tasks, {
      writers: 5,
      folders: 1,
      foldUntil: tasks.length,
      pauseMs: 15,
    });
    expect(folds).toBeGreaterThan(0);
    expect(await keysOutOfStep(t)).toEqual([]);

    const today = new Date().toISOString().slice(0, 10);
    const ranges: TDayRange[] = [
      { from: '2000-01-01', to: '2100-01-01' },
      { from: addDays(today, -2), to: addDays(today, 1) },
    ];
    const compare = () =>
      withTenant(database.db, t, async (tx) => {
        const valuesOf: Record<string, string[]> = {};
        for (const kind of ANALYTICS_FILTERS)
          valuesOf[kind] = (await repo.breakdownFromRollups(tx, t, ranges[0]!, null, kind)).map((r) => r.key);
        for (const range of ranges) {
          for (const first of ANALYTICS_FILTERS)
            for (const value of valuesOf[first]!) {
              // A scalar dimension splits the orders: summed over all its values, the two-filter reads
              // equal the one-filter read of the rollups (kept by the fold, not through the keys).
              for (const second of SCALAR.filter((k) => k !== first)) {
                for (const group of ['day', 'hour'] as const) {
                  const split: TSums = {};
                  for (const other of valuesOf[second]!)
                    add(
                      split,
                      await repo.sumFromFacts(
                        tx,
                        t,
                        range,
                        [
                          { kind: first, value },
                          { kind: second, value: other },
                        ],
                        group,
                      ),
                    );
                  const whole =
                    group === 'day'
                      ? await repo.dailyFromRollups(tx, t, range, { kind: first, value })
                      : await repo.breakdownFromRollups(tx, t, range, { kind: first, value }, 'hour');
                  expect(split, `${first}=${value} by ${second}, ${group}`).toEqual(add({}, whole));
                }
              }
            }
          // A direct count of the orders created in the range under two filters, from the facts as
          // they are now (no keys, no rollups).
          for (const wilaya of valuesOf.wilaya!)
            for (const product of valuesOf.product!) {
              const filters = [
                { kind: 'wilaya' as const, value: wilaya },
                { kind: 'product' as const, value: product },
              ];
              const read = await repo.sumFromFacts(tx, t, range, filters, 'agent');
              // Past the keyed limit (here forced: -1) the same read takes the range by its span.
              expect(add({}, read), 'by span').toEqual(
                add({}, await repo.sumFromFacts(tx, t, range, filters, 'agent', -1)),
              );
              const direct = await rows<{ key: string; n: number }>(
                tx,
                sql`select f.agent_key as key, count(*)::int as n from app_analytics_current_facts(${t}) f
                    where f.wilaya_key = ${wilaya} and ${product} = any(f.product_keys)
                      and (f.created_at at time zone f.time_zone)::date between ${range.from}::date and ${range.to}::date
                    group by 1`,
              );
              const created = Object.fromEntries(
                read.flatMap((r) => (r.metrics.created ? [[r.key, r.metrics.created.n]] : [])),
              );
              expect(created, `wilaya ${wilaya}, product ${product}`).toEqual(
                Object.fromEntries(direct.map((d) => [d.key, d.n])),
              );
            }
        }
      });
    // Some changes still pending (read through app_analytics_pending), then all folded, then rebuilt.
    await compare();
    await withTenant(database.db, t, (tx) => tx.execute(sql`select app_analytics_fold(${t})`));
    expect(await keysOutOfStep(t)).toEqual([]);
    await compare();
    await withTenant(database.db, t, (tx) => tx.execute(sql`select app_analytics_rebuild(${t})`));
    expect(await keysOutOfStep(t)).toEqual([]);
    const [count] = await withTenant(database.db, t, (tx) =>
      rows<{ n: number }>(tx, sql`select count(*)::int as n from analytics_fact_keys where tenant_id = ${t}`),
    );
    expect(count!.n).toBeGreaterThan(0);
    await compare();
  }, 600_000);
});
