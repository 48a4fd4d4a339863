import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { dayIn } from '@cod/shared';
import type { TApp } from '../../src/http/app.js';
import type { Database } from '../../src/db/client.js';
import { rows } from '../../src/db/client.js';
import { createOrder, orderBody, shopWithCatalogue, type TShop } from '../orders/orders-support.js';
import { multipartFile } from '../support/multipart.js';
import { unique } from '../support/test-db.js';

// Every money route lives under one of these (issue 13); money-tenancy.int.test.ts walks them.
const MONEY_PREFIXES = ['/dashboard/cases', '/dashboard/expenses', '/dashboard/incomes', '/dashboard/remittances'];
export const isMoneyRoute = (url: string) => MONEY_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`));

/** Each box's maintained balance beside the sum of its movements, read straight from the tables. */
export async function balancesAndSums(database: Database, tenantId: number) {
  return rows<{ id: number; balance: string; summed: string }>(
    database.db,
    sql`select b.id, b.balance_centimes::text as balance,
          coalesce((select sum(m.amount_centimes) from cash_movements m
                    where m.tenant_id = b.tenant_id and m.box_id = b.id), 0)::text as summed
        from cash_boxes b where b.tenant_id = ${tenantId} order by b.id`,
  );
}

export const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** The body of an expense or income of `days` days ago, paid from (or into) box `boxId`. */
export function moneyEntry(days: number, amountCentimes: number, categoryId: number, boxId: number, extra = {}) {
  return {
    occurred_on: daysAgo(days),
    amount_centimes: amountCentimes,
    category_id: categoryId,
    box_id: boxId,
    ...extra,
  };
}

/**
 * A manual carrier of the shop with a fee grid for wilaya 16 (fees in DA; no return fee unless
 * given), as the remittance, profit and accounting tests hand-calculate against. Returns its id.
 */
export async function manualCarrier(
  database: Database,
  tenantId: number,
  carrier: { code: string; name: string },
  fees: { home: number; stopdesk: number; returned?: number },
): Promise<number> {
  const [company] = await rows<{ id: number }>(
    database.db,
    sql`insert into shipping_companies (tenant_id, kind, code, name, webhook_token)
        values (${tenantId}, 'manual', ${carrier.code}, ${carrier.name}, ${unique('hook')}) returning id`,
  );
  await addCarrierFees(database, tenantId, company!.id, 16, fees);
  return company!.id;
}

/** One more wilaya in a carrier's fee grid (fees in DA; no return fee unless given). */
export async function addCarrierFees(
  database: Database,
  tenantId: number,
  companyId: number,
  stateId: number,
  fees: { home: number; stopdesk: number; returned?: number },
): Promise<void> {
  await database.db.execute(
    sql`insert into shipping_fees (tenant_id, shipping_company_id, state_id, home_fee, stopdesk_fee, return_fee)
        values (${tenantId}, ${companyId}, ${stateId}, ${fees.home}, ${fees.stopdesk}, ${fees.returned ?? null})`,
  );
}

/**
 * A shop with one order (`base`, the template the remittance tests copy their parcels from) and a
 * manual carrier with its fee grid (see manualCarrier).
 */
export async function shopWithCarrier(
  app: TApp['app'],
  database: Database,
  carrier: { code: string; name: string },
  fees: { home: number; stopdesk: number; returned?: number },
) {
  const shop = await shopWithCatalogue(app, database);
  const base = await createOrder(shop.api, orderBody(shop));
  const companyId = await manualCarrier(database, shop.tenant.id, carrier, fees);
  return { shop, tenantId: shop.tenant.id, base, companyId };
}

/** Uploads a carrier's CSV statement (`releve.csv`) with the query string `query`. */
export function postStatement(app: TApp['app'], authorization: string, csv: string, query: string) {
  const { payload, headers } = multipartFile('file', Buffer.from(csv), 'releve.csv', authorization, 'text/csv');
  return app.inject({ method: 'POST', url: `/dashboard/remittances/statement?${query}`, headers, payload });
}

/**
 * Opens a bank box and returns a poster of ad spend (the `ads` expense category) out of it on `day`;
 * each post must be accepted.
 */
export async function adSpendPoster(shop: Pick<TShop, 'api'>, day: string) {
  const box = (await shop.api.post('/dashboard/cases', { name: 'Banque', kind: 'bank' })).json();
  const categories = (await shop.api.get('/dashboard/expenses/categories')).json().data as Array<{
    id: number;
    code: string;
  }>;
  const ads = categories.find((c) => c.code === 'ads')!.id;
  return async (amount: number, extra: Record<string, unknown>) => {
    const response = await shop.api.post('/dashboard/expenses', {
      occurred_on: day,
      amount_centimes: amount,
      category_id: ads,
      box_id: box.id,
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(201);
  };
}

/** The owner's commission payouts to `agentId` out of box `boxId`, paid today (Algiers). */
export function commissionPayer(shop: Pick<TShop, 'api'>, agentId: number, boxId: number) {
  const today = dayIn(new Date(), 'Africa/Algiers');
  return (amount: number) =>
    shop.api.post('/dashboard/commissions/payouts', {
      agent_id: agentId,
      box_id: boxId,
      amount_centimes: amount,
      paid_on: today,
    });
}

/**
 * A shop with `count` delivered parcels of one carrier, TRK-1..TRK-n, and a bank box: each order
 * totals 3 000 DA, the carrier's fee grid says 350 DA for the wilaya, so it owes 2 650 DA a parcel.
 * Parcel i was delivered i % 40 days ago (every ageing bucket gets some).
 */
export async function shopWithDeliveredParcels(app: TApp['app'], database: Database, count: number) {
  const { shop, tenantId, base, companyId } = await shopWithCarrier(
    app,
    database,
    { code: 'livreur', name: 'Livreur Express' },
    { home: 350, stopdesk: 250 },
  );
  await database.db.execute(
    sql`insert into orders (tenant_id, order_number, customer_id, customer_full_name, customer_phone_1, state_id, city_id,
          delivery_price, total, status_id, status_type, shipping_company_id, tracking_number, created_at, updated_at)
        select o.tenant_id, 100000 + g, o.customer_id, o.customer_full_name, o.customer_phone_1, o.state_id, o.city_id,
          400.00, 3000.00, ${shop.status['delivered']!}, 'delivered', ${companyId}, 'TRK-' || g,
          now() - make_interval(days => g % 40 + 2), now() - make_interval(days => g % 40)
        from orders o, generate_series(1, ${count}) as g
        where o.tenant_id = ${tenantId} and o.id = ${base.id}`,
  );
  const drawer = (await shop.api.post('/dashboard/cases', { name: 'Banque', kind: 'bank' })).json();
  return { shop, tenantId, companyId, boxId: drawer.id as number };
}
