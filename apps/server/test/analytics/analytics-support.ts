import { sql } from 'drizzle-orm';
import type { TStatusType } from '@cod/shared';
import { rows, type Database } from '../../src/db/client.js';
import { withTenant } from '../../src/db/tenant-context.js';
import { foldPendingAnalytics } from '../../src/modules/analytics/analytics.service.js';
import type { TApp } from '../../src/http/app.js';
import { addCarrierFees, manualCarrier } from '../money/money-support.js';
import { agentOf, createOrder, orderBody, shopWithCatalogue, type TShop } from '../orders/orders-support.js';

/**
 * A repeatable pseudo-random sequence (a linear congruential generator): the same seed gives the
 * same transitions, so a failing random run replays exactly.
 */
export function seededRandom(seed: number) {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  return { random, pick };
}

/** The id of the shop's status of each type, as the transitions write them straight into the tables. */
export async function statusOfType(database: Database, tenantId: number) {
  const statuses = await withTenant(database.db, tenantId, (tx) =>
    rows<{ id: number; type: TStatusType }>(tx, sql`select id, type from statuses where tenant_id = ${tenantId}`),
  );
  return (type: TStatusType) => statuses.find((s) => s.type === type)!.id;
}

/**
 * `count` varied orders, the i-th from `extra(i)`: two wilayas (16 and 31), three sources (one
 * none), a campaign on three orders in four, and a two-product basket on every fifth. Returns their ids.
 */
export async function createVariedOrders(
  shop: TShop,
  count: number,
  extra: (i: number) => { quantity: number; agent_id?: number },
): Promise<number[]> {
  const orderIds: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const { quantity, ...overrides } = extra(i);
    const order = await createOrder(
      shop.api,
      orderBody(shop, {
        state_id: i % 2 ? 16 : 31,
        city_id: i % 2 ? 1601 : 3101,
        sales_source: ['facebook', 'tiktok', undefined][i % 3],
        campaign_id: i % 4 ? `camp-${i % 3}` : undefined,
        products:
          i % 5 === 0
            ? [
                { product_id: shop.watch.id, quantity: 1 },
                { product_id: shop.shirt.id, variant_id: shop.shirt.variants[0]!.id, quantity: 2 },
              ]
            : [{ product_id: shop.watch.id, quantity }],
        ...overrides,
      }),
    );
    orderIds.push(order.id);
  }
  return orderIds;
}

/**
 * Runs `tasks` with `writers` at a time (PGlite serialises them; PostgreSQL runs them concurrently)
 * while `folders` background folds (several instances' jobs, decision 0118) fold until `foldUntil`
 * tasks have started. Two writers on one order may deadlock on PostgreSQL: the loser retries, as a
 * user would (the driver wraps the database error; its code is on the cause). Answers the folds run.
 */
export async function runWithFolds(
  database: Database,
  tasks: ReadonlyArray<() => Promise<unknown>>,
  options: { writers: number; folders: number; foldUntil: number; pauseMs: number },
): Promise<number> {
  let next = 0;
  let folds = 0;
  const folders = Array.from({ length: options.folders }, async () => {
    while (next < options.foldUntil) {
      await foldPendingAnalytics(database.db);
      folds += 1;
      await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    }
  });
  const writers = Array.from({ length: options.writers }, async () => {
    while (next < tasks.length) {
      const task = tasks[next++]!;
      for (let attempt = 0; ; attempt += 1) {
        try {
          await task();
          break;
        } catch (error) {
          const code = (error as { cause?: { code?: string } }).cause?.code;
          if (attempt > 5 || (code !== '40P01' && code !== '40001')) throw error;
        }
      }
    }
  });
  await Promise.all([...folders, ...writers]);
  return folds;
}

/**
 * The accounting tests' shop: its catalogue, `agents` agents, a manual carrier whose fees differ
 * between wilaya 16 (its grid's default) and 31, and the id of its status of each type.
 */
export async function accountingShop(app: TApp['app'], database: Database, agents: number) {
  const shop = await shopWithCatalogue(app, database);
  const t = shop.tenant.id;
  const agentList = [];
  for (let i = 0; i < agents; i += 1) agentList.push(await agentOf(app, database, shop, `Agent ${i + 1}`));
  const companyId = await manualCarrier(
    database,
    t,
    { code: 'livreur', name: 'Livreur' },
    { home: 350, stopdesk: 250, returned: 200 },
  );
  await addCarrierFees(database, t, companyId, 31, { home: 500, stopdesk: 300, returned: 250 });
  return { shop, t, agents: agentList, companyId, ofType: await statusOfType(database, t) };
}
