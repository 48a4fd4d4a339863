import { sql } from 'drizzle-orm';
import type { TStatusType } from '@cod/shared';
import { rows, type Database } from '../../src/db/client.js';
import { withTenant } from '../../src/db/tenant-context.js';
import { createOrder, orderBody, type TShop } from '../orders/orders-support.js';

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
