import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, ANALYTICS_DIMENSIONS, ANALYTICS_FILTERS, STATUS_TYPES } from '@cod/shared';
import { rows } from '../../src/db/client.js';
import { withTenant } from '../../src/db/tenant-context.js';
import * as repo from '../../src/modules/analytics/analytics.repository.js';
import { openTestApp } from '../support/test-db.js';
import { agentOf, shopWithCatalogue } from '../orders/orders-support.js';
import { createVariedOrders, runWithFolds, seededRandom, statusOfType } from './analytics-support.js';

const { app, database } = await openTestApp();
// Full size on PostgreSQL (concurrent writers); smaller on the single-connection PGlite.
const TRANSITIONS = process.env.TEST_DATABASE_URL ? 2000 : 300;
const ORDERS = process.env.TEST_DATABASE_URL ? 120 : 40;

const mismatches = (tenantId: number) =>
  withTenant(database.db, tenantId, (tx) =>
    rows<{ fk: string; bk: string; metric: string; kept: number | null; counted: number | null }>(
      tx,
      sql`select * from app_analytics_mismatches(${tenantId}) limit 20`,
    ),
  );

describe('analytics rollups (docs/decisions/0078, 0110, 0118, 0119)', () => {
  it('equal a direct recount after random concurrent order transitions, a fold and a rebuild', async () => {
    const shop = await shopWithCatalogue(app, database);
    const agents = [await agentOf(app, database, shop, 'Agent A'), await agentOf(app, database, shop, 'Agent B')];
    const ofType = await statusOfType(database, shop.tenant.id);
    const orderIds = await createVariedOrders(shop, ORDERS, () => ({ quantity: 1 }));
    expect(await mismatches(shop.tenant.id)).toEqual([]);
    await withTenant(database.db, shop.tenant.id, (tx) =>
      tx.execute(sql`select app_analytics_fold(${shop.tenant.id})`),
    );

    const { random, pick } = seededRandom(42);
    const tasks = Array.from({ length: TRANSITIONS }, (_, i) => {
      const orderId = pick(orderIds);
      const kind = random();
      const type = pick(STATUS_TYPES);
      // Events spread over ±3 days around now, so day boundaries in the shop's zone are crossed.
      const at = new Date(Date.now() + Math.round((random() - 0.5) * 6 * 86_400_000));
      const agent = pick([null, ...agents.map((a) => a.id)]);
      return () =>
        withTenant(database.db, shop.tenant.id, async (tx) => {
          const t = shop.tenant.id;
          if (kind < 0.75) {
            // A status change as the services and carrier sync write it: the order and its history.
            await tx.execute(sql`update orders set status_id = ${ofType(type)}, status_type = ${type}, updated_at = now()
                                 where tenant_id = ${t} and id = ${orderId}`);
            await tx.execute(sql`insert into fulfillment_statuses (tenant_id, order_id, status_id, description, created_at)
                                 values (${t}, ${orderId}, ${ofType(type)}, ${`t${i}`}, ${at.toISOString()})`);
          } else if (kind < 0.85) {
            await tx.execute(sql`update orders set agent_id = ${agent} where tenant_id = ${t} and id = ${orderId}`);
          } else if (kind < 0.9) {
            await tx.execute(sql`update orders set sales_source = ${pick(['facebook', 'google', null])},
                                   campaign_id = ${pick(['camp-0', 'camp-9', null])}, state_id = 16, city_id = 1601
                                 where tenant_id = ${t} and id = ${orderId}`);
          } else if (kind < 0.95) {
            await tx.execute(sql`insert into order_lines (tenant_id, order_id, position, product_id, quantity, price)
                                 values (${t}, ${orderId}, 9, ${shop.pen.id}, 1, 800)`);
          } else {
            await tx.execute(sql`update orders set deleted_at = case when deleted_at is null then now() end
                                 where tenant_id = ${t} and id = ${orderId}`);
          }
        });
    });
    // Ten writers, and two background folds folding while they write until half the transitions
    // are done: the rest stays pending for the readers.
    const folds = await runWithFolds(database, tasks, {
      writers: 10,
      folders: 2,
      foldUntil: tasks.length / 2,
      pauseMs: 20,
    });
    expect(folds).toBeGreaterThan(0);
    expect(await mismatches(shop.tenant.id)).toEqual([]);

    // Every filter with every breakdown: the rollup read equals a count from the per-order facts.
    // All time, and a range with whole weeks (weekly rollups, decision 0119) and edge days around
    // the transitions' days.
    const today = new Date().toISOString().slice(0, 10);
    const ranges = [
      { from: '2000-01-01', to: '2100-01-01' },
      { from: addDays(today, -12), to: addDays(today, 2) },
    ];
    const compareReads = async () => {
      for (const range of ranges) await compareReadsIn(range);
    };
    const compareReadsIn = (range: { from: string; to: string }) =>
      withTenant(database.db, shop.tenant.id, async (tx) => {
        const norm = (list: repo.TKeyedSums[]) =>
          Object.fromEntries(
            list.map((r) => [r.key, r.metrics]).sort(([a], [b]) => String(a).localeCompare(String(b))),
          );
        const values: Record<string, string[]> = {};
        for (const kind of ANALYTICS_FILTERS) {
          values[kind] = (await repo.breakdownFromRollups(tx, shop.tenant.id, range, null, kind)).map((r) => r.key);
          expect(values[kind]!.length, kind).toBeGreaterThan(0);
        }
        // No filter: every breakdown, including the breakdown-only commune and cancellation reason.
        for (const dimension of ANALYTICS_DIMENSIONS) {
          const kept = norm(await repo.breakdownFromRollups(tx, shop.tenant.id, range, null, dimension));
          expect(kept, dimension).toEqual(norm(await repo.sumFromFacts(tx, shop.tenant.id, range, [], dimension)));
          expect(Object.keys(kept).length, dimension).toBeGreaterThan(0);
        }
        expect(norm(await repo.dailyFromRollups(tx, shop.tenant.id, range, null))).toEqual(
          norm(await repo.sumFromFacts(tx, shop.tenant.id, range, [], 'day')),
        );
        for (const kind of ANALYTICS_FILTERS) {
          for (const value of values[kind]!.slice(0, 2)) {
            const filter = { kind, value };
            expect(norm(await repo.dailyFromRollups(tx, shop.tenant.id, range, filter))).toEqual(
              norm(await repo.sumFromFacts(tx, shop.tenant.id, range, [filter], 'day')),
            );
            for (const dimension of ANALYTICS_DIMENSIONS) {
              expect(
                norm(await repo.breakdownFromRollups(tx, shop.tenant.id, range, filter, dimension)),
                `${kind} ${dimension}`,
              ).toEqual(norm(await repo.sumFromFacts(tx, shop.tenant.id, range, [filter], dimension)));
            }
          }
        }
      });
    // Folded creations plus the transitions' pending fact deltas, then everything folded.
    await compareReads();
    await withTenant(database.db, shop.tenant.id, (tx) =>
      tx.execute(sql`select app_analytics_fold(${shop.tenant.id})`),
    );
    expect(await mismatches(shop.tenant.id)).toEqual([]);
    await compareReads();
    const [pending] = await withTenant(database.db, shop.tenant.id, (tx) =>
      rows<{ n: number }>(tx, sql`select count(*)::int as n from analytics_dirty where tenant_id = ${shop.tenant.id}`),
    );
    expect(pending!.n).toBe(0);

    await withTenant(database.db, shop.tenant.id, (tx) =>
      tx.execute(sql`select app_analytics_rebuild(${shop.tenant.id})`),
    );
    expect(await mismatches(shop.tenant.id)).toEqual([]);
    const [total] = await withTenant(database.db, shop.tenant.id, (tx) =>
      rows<{ n: number }>(
        tx,
        sql`select coalesce(sum(created_n), 0)::int as n from analytics_rollups
            where tenant_id = ${shop.tenant.id} and fk = '' and bk = ''`,
      ),
    );
    const [live] = await withTenant(database.db, shop.tenant.id, (tx) =>
      rows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from orders where tenant_id = ${shop.tenant.id} and deleted_at is null`,
      ),
    );
    expect(total!.n).toBe(live!.n);
  }, 600_000);
});
