import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../src/db/client.js';
import { preparedStatementName } from '../../src/db/prepared.js';
import { withTenant } from '../../src/db/tenant-context.js';
import { orderRowsByIds } from '../../src/modules/orders/order-rows.repository.js';
import { openTestApp } from '../support/test-db.js';
import { createOrder, orderBody, shopWithCatalogue } from './orders-support.js';

const { app, database } = await openTestApp();

// Decision 0138: the order rows' select (events after every write) is planned once per connection.
describe.skipIf(database.kind !== 'postgres')('the order rows select after a write (decision 0138)', () => {
  it('runs on a generic plan whatever the number of ids, and leaves the transaction planning as before', async () => {
    await app.ready();
    const shop = await shopWithCatalogue(app, database);
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push((await createOrder(shop.api, orderBody(shop))).id);

    const seen = await withTenant(database.db, shop.tenant.id, async (tx) => {
      const counts: number[] = [];
      // More than PostgreSQL's five custom plans, with 1 to 6 ids: a custom plan each time before.
      for (let n = 1; n <= ids.length; n++) {
        counts.push((await orderRowsByIds(tx, shop.tenant.id, ids.slice(0, n), { timeZone: 'Africa/Algiers' })).length);
        counts.push(
          (await orderRowsByIds(tx, shop.tenant.id, ids.slice(n - 1, n), { timeZone: 'Africa/Algiers' })).length,
        );
      }
      const [plans] = await rows<{ generic: number; custom: number; mode: string }>(
        tx,
        sql`select sum(generic_plans)::int as generic, sum(custom_plans)::int as custom,
              current_setting('plan_cache_mode') as mode
            from pg_prepared_statements where name = ${preparedStatementName('order-rows')}`,
      );
      return { counts, plans };
    });
    expect(seen.counts).toEqual([1, 1, 2, 1, 3, 1, 4, 1, 5, 1, 6, 1]);
    expect(seen.plans?.custom).toBe(0);
    expect(seen.plans?.generic).toBeGreaterThanOrEqual(12);
    expect(seen.plans?.mode).toBe('auto');
  });
});
