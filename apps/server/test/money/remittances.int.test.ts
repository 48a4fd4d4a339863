import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../src/db/client.js';
import { openTestApp, unique } from '../support/test-db.js';
import { createOrder, orderBody, shopWithCatalogue, type TShop } from '../orders/orders-support.js';
import { balancesAndSums, daysAgo } from './money-support.js';

const { app, database } = await openTestApp();

/**
 * A shop with `count` delivered parcels of one carrier, TRK-1..TRK-n: each order totals 3 000 DA,
 * the carrier's fee grid says 350 DA for the wilaya, so it owes 2 650 DA a parcel. Parcel i was
 * delivered i % 40 days ago (every ageing bucket gets some).
 */
async function shopWithDeliveredParcels(count: number) {
  const shop = await shopWithCatalogue(app, database);
  const tenantId = shop.tenant.id;
  const base = await createOrder(shop.api, orderBody(shop));
  const [company] = await rows<{ id: number }>(
    database.db,
    sql`insert into shipping_companies (tenant_id, kind, code, name, webhook_token)
        values (${tenantId}, 'manual', 'livreur', 'Livreur Express', ${unique('hook')}) returning id`,
  );
  await database.db.execute(
    sql`insert into shipping_fees (tenant_id, shipping_company_id, state_id, home_fee, stopdesk_fee)
        values (${tenantId}, ${company!.id}, 16, 350.00, 250.00)`,
  );
  const delivered = deliveredStatus(shop);
  await database.db.execute(
    sql`insert into orders (tenant_id, order_number, customer_id, customer_full_name, customer_phone_1, state_id, city_id,
          delivery_price, total, status_id, status_type, shipping_company_id, tracking_number, created_at, updated_at)
        select o.tenant_id, 100000 + g, o.customer_id, o.customer_full_name, o.customer_phone_1, o.state_id, o.city_id,
          400.00, 3000.00, ${delivered}, 'delivered', ${company!.id}, 'TRK-' || g,
          now() - make_interval(days => g % 40 + 2), now() - make_interval(days => g % 40)
        from orders o, generate_series(1, ${count}) as g
        where o.tenant_id = ${tenantId} and o.id = ${base.id}`,
  );
  const drawer = (await shop.api.post('/dashboard/cases', { name: 'Banque', kind: 'bank' })).json();
  return { shop, companyId: company!.id, boxId: drawer.id as number };
}

function deliveredStatus(shop: TShop): number {
  return shop.status['delivered']!;
}

function upload(csv: string, fileName = 'releve.csv') {
  const boundary = '----cod-statement-boundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(csv),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('carrier COD remittances (issue 13.4)', () => {
  it('a 500-parcel statement (3 unknown, 2 short-paid, 1 duplicate) matches 494 and lists the 6 with their reason', async () => {
    const { shop, companyId, boxId } = await shopWithDeliveredParcels(500);
    const before = (await shop.api.get('/dashboard/remittances/carriers')).json().data[0];
    expect(before).toMatchObject({ shipping_company_id: companyId, parcels: 500, owed_centimes: 500 * 265_000 });
    const bucketParcels = Object.values(before.buckets as Record<string, { parcels: number }>).map((b) => b.parcels);
    expect(bucketParcels.reduce((a, b) => a + b, 0)).toBe(500);
    // i % 40 days ago, i = 1..500: residues 1..20 occur 13 times, the others 12.
    expect(before.buckets.d0_7.parcels).toBe(12 + 7 * 13);
    expect(before.buckets.d30_plus.parcels).toBe(9 * 12); // 31..39 days
    const cases = (await shop.api.get('/dashboard/cases')).json();
    expect(cases.carriers).toEqual([
      { shipping_company_id: companyId, name: 'Livreur Express', balance_centimes: 132_500_000, parcels: 500 },
    ]);

    const lines = ['Tracking;Montant'];
    for (let i = 1; i <= 494; i++) lines.push(`TRK-${i};2 650,00`);
    lines.push('TRK-495;2000', 'TRK-496;2 649,99', 'NOPE-1;100', 'NOPE-2;100', 'NOPE-3;100', 'TRK-7;2650');
    const { payload, contentType } = upload(lines.join('\n'));
    const response = await app.inject({
      method: 'POST',
      url: `/dashboard/remittances/statement?shipping_company_id=${companyId}&box_id=${boxId}&received_on=${daysAgo(0)}&reference=VIR-77`,
      headers: { authorization: shop.authorization, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json();
    expect(result).toMatchObject({
      matched_count: 494,
      issue_count: 6,
      matched_centimes: 494 * 265_000,
      reference: 'VIR-77',
    });
    expect(result.issues).toEqual([
      {
        line: 495,
        tracking_number: 'TRK-495',
        reason: 'short_paid',
        order_id: expect.any(Number),
        expected_centimes: 265_000,
        paid_centimes: 200_000,
      },
      {
        line: 496,
        tracking_number: 'TRK-496',
        reason: 'short_paid',
        order_id: expect.any(Number),
        expected_centimes: 265_000,
        paid_centimes: 264_999,
      },
      {
        line: 497,
        tracking_number: 'NOPE-1',
        reason: 'unknown',
        order_id: null,
        expected_centimes: null,
        paid_centimes: 10_000,
      },
      {
        line: 498,
        tracking_number: 'NOPE-2',
        reason: 'unknown',
        order_id: null,
        expected_centimes: null,
        paid_centimes: 10_000,
      },
      {
        line: 499,
        tracking_number: 'NOPE-3',
        reason: 'unknown',
        order_id: null,
        expected_centimes: null,
        paid_centimes: 10_000,
      },
      {
        line: 500,
        tracking_number: 'TRK-7',
        reason: 'paid_twice',
        order_id: expect.any(Number),
        expected_centimes: 265_000,
        paid_centimes: 265_000,
      },
    ]);

    // The cash that arrived is in the bank as a remittance income; the carrier owes the 6 left.
    const statementTotal = 494 * 265_000 + 200_000 + 264_999 + 30_000 + 265_000;
    const after = (await shop.api.get('/dashboard/cases')).json();
    expect(after.boxes[0].balance_centimes).toBe(statementTotal);
    expect(after.carriers[0]).toMatchObject({ parcels: 6, balance_centimes: 6 * 265_000 });
    const income = (await shop.api.get('/dashboard/incomes')).json();
    expect(income.data[0]).toMatchObject({
      category_code: 'remittance',
      amount_centimes: statementTotal,
      remittance_id: result.id,
    });
    expect((await shop.api.put(`/dashboard/incomes/${income.data[0].id}`, {})).statusCode).toBe(422);
    expect((await shop.api.delete(`/dashboard/incomes/${income.data[0].id}`)).json().code).toBe(
      'money.income_from_remittance',
    );
    const owed = (await shop.api.get(`/dashboard/remittances/owed?shipping_company_id=${companyId}`)).json();
    expect(owed.total).toBe(6);
    for (const row of await balancesAndSums(database, shop.tenant.id)) expect(row.balance).toBe(row.summed);
  });

  it('never pays a parcel twice when remittances are recorded at the same time', async () => {
    const { shop, companyId, boxId } = await shopWithDeliveredParcels(40);
    const lines = Array.from({ length: 40 }, (_, i) => ({ tracking_number: `TRK-${i + 1}`, amount_centimes: 265_000 }));
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, k) =>
        shop.api.post('/dashboard/remittances', {
          shipping_company_id: companyId,
          box_id: boxId,
          received_on: daysAgo(0),
          reference: `R${k}`,
          lines: k % 2 ? lines : [...lines].reverse(),
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    const results = answers.map((a) => a.json());
    expect(results.reduce((sum, r) => sum + r.matched_count, 0)).toBe(40);
    expect(results.reduce((sum, r) => sum + r.issue_count, 0)).toBe(200);
    const [paid] = await rows<{ n: number; distinct_orders: number }>(
      database.db,
      sql`select count(*)::int as n, count(distinct order_id)::int as distinct_orders from remittance_parcels where tenant_id = ${shop.tenant.id}`,
    );
    expect(paid).toEqual({ n: 40, distinct_orders: 40 });
    for (const row of await balancesAndSums(database, shop.tenant.id)) expect(row.balance).toBe(row.summed);
  });

  it('refuses a statement without the needed columns, and a remittance for another shop’s carrier', async () => {
    const { shop, boxId } = await shopWithDeliveredParcels(1);
    const { payload, contentType } = upload('Colonne;Autre\nA;B');
    const refused = await app.inject({
      method: 'POST',
      url: `/dashboard/remittances/statement?shipping_company_id=1&box_id=${boxId}&received_on=${daysAgo(0)}`,
      headers: { authorization: shop.authorization, 'content-type': contentType },
      payload,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error_codes.file[0].code).toBe('money.statement_columns');
    const other = await shopWithDeliveredParcels(1);
    const foreign = await shop.api.post('/dashboard/remittances', {
      shipping_company_id: other.companyId,
      box_id: boxId,
      received_on: daysAgo(0),
      lines: [{ tracking_number: 'TRK-1', amount_centimes: 265_000 }],
    });
    expect(foreign.statusCode).toBe(422);
    expect(Object.keys(foreign.json().errors)).toEqual(['shipping_company_id']);
  });
});
