import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';
import type { TApp } from '../../src/http/app.js';
import { hashPassword } from '../../src/lib/secrets.js';
import { clientOf, type TClient } from '../orders/orders-support.js';
import { TEST_PASSWORD, unique } from '../support/test-db.js';

/** A central administrator of its own, signed in through the real route. */
export async function centralAdmin(app: TApp['app'], database: Database): Promise<TClient & { authorization: string }> {
  const email = `${unique('admin')}@central.test`;
  const hash = await hashPassword(TEST_PASSWORD);
  await database.db.execute(
    sql`insert into central_admins (name, email, password_hash) values ('Central Tester', ${email}, ${hash})`,
  );
  const login = await app.inject({
    method: 'POST',
    url: '/central/login',
    payload: { email, password: TEST_PASSWORD },
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  if (login.statusCode !== 200) throw new Error(`central login: ${login.statusCode} ${login.body}`);
  const authorization = `Bearer ${login.json().accessToken}`;
  return { ...clientOf(app, authorization), authorization };
}

/** A plan of its own with the given limits (names are unique per call). */
export async function planWith(admin: TClient, limits: Record<string, number | null>) {
  const response = await admin.post('/central/plans', {
    name: unique('Plan'),
    price_month: 2900,
    price_year: 29000,
    duration_days: 30,
    max_orders_per_month: null,
    max_users: null,
    max_shipping_companies: null,
    max_sales_channels: null,
    ...limits,
  });
  if (response.statusCode !== 201) throw new Error(`plan: ${response.statusCode} ${response.body}`);
  return response.json().data as { id: number; name: string };
}
