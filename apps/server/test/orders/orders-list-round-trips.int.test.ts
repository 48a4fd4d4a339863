import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TOrderListResponse } from '@cod/shared';
import { rows } from '../../src/db/client.js';
import { BARRIER_QUERY } from '../../src/db/write-watch.js';
import { statementsDuring } from '../support/statements.js';
import { createTestUser, loginAs, openTestApp } from '../support/test-db.js';
import { clientOf, createOrder, orderBody, shopWithCatalogue, type TShop } from './orders-support.js';

const { app, database } = await openTestApp();

// Docs/decisions/0128: each statement is a socket write, a PostgreSQL wake-up and a parse on both
// sides; the list was 12 of them. Counted at the pg client, so only on PostgreSQL.
const MAX_STATEMENTS_PER_LIST = 5;

let shop: TShop;
beforeAll(async () => {
  shop = await shopWithCatalogue(app, database);
  await createOrder(shop.api, orderBody(shop, { products: [{ product_id: shop.watch.id, quantity: 1 }] }));
  await createOrder(
    shop.api,
    orderBody(shop, { products: [{ product_id: shop.shirt.id, variant_id: shop.shirt.variants[0]!.id, quantity: 2 }] }),
  );
});

describe('GET /dashboard/orders round trips (docs/decisions/0128)', () => {
  it.skipIf(database.kind !== 'postgres')(
    `reads the page in at most ${MAX_STATEMENTS_PER_LIST} statements`,
    async () => {
      await shop.api.get('/dashboard/orders'); // the first request of a connection prepares the row select
      let body: TOrderListResponse | undefined;
      // Another page size: not in the list's cache (decision 0137), so read from the database.
      const all = (
        await statementsDuring(async () => {
          body = (await shop.api.get('/dashboard/orders?per_page=50')).json() as TOrderListResponse;
        })
      ).map((statement) => statement.text);
      expect(body?.total).toBe(2);
      expect(body?.data).toHaveLength(2);
      // The cache's barrier, on the write watch's own connection, is shared by concurrent requests.
      expect(all.filter((text) => text === BARRIER_QUERY)).toHaveLength(1);
      const sent = all.filter((text) => text !== BARRIER_QUERY);
      expect(sent.length, sent.join('\n---\n')).toBeLessThanOrEqual(MAX_STATEMENTS_PER_LIST);
      // The begin travels with the tenant's settings: they are set inside the transaction and end with it.
      expect(sent.some((text) => /^begin; select set_config\('app\.tenant_id'/.test(text))).toBe(true);
      const [after] = await rows<{ tenant: string | null; role: string }>(
        database.db,
        sql`select current_setting('app.tenant_id', true) as tenant, current_user as role`,
      );
      expect(after?.tenant ?? '').toBe('');
      expect(after?.role).not.toBe('app_user');
    },
  );

  it('a user limited to some products sees only the orders holding them, and their counts', async () => {
    const manager = await createTestUser(database, shop.tenant, 'Manager', { name: 'Limited Manager' });
    const limited = await shop.api.put(`/dashboard/user-product-permissions/${manager.id}`, {
      restricted: true,
      product_ids: [shop.shirt.id],
    });
    expect(limited.statusCode).toBe(200);
    const asManager = clientOf(app, (await loginAs(app, manager.email)).authorization);

    const list = (await asManager.get('/dashboard/orders')).json() as TOrderListResponse;
    expect(list.total).toBe(1);
    expect(list.counts.all).toBe(1);
    expect(list.data.map((row) => row.products.map((p) => p.product_id))).toEqual([[shop.shirt.id]]);

    const owner = (await shop.api.get('/dashboard/orders')).json() as TOrderListResponse;
    expect(owner.total).toBe(2);
    expect(owner.counts.all).toBe(2);
  });
});
