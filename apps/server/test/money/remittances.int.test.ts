import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../src/db/client.js';
import { openTestApp } from '../support/test-db.js';
import { createOrder, orderBody, shopWithCatalogue } from '../orders/orders-support.js';
import { balancesAndSums, daysAgo, manualCarrier, postStatement, shopWithDeliveredParcels } from './money-support.js';

const { app, database } = await openTestApp();

describe('carrier COD remittances (issue 13.4)', () => {
  it('a 500-parcel statement (3 unknown, 2 short-paid, 1 duplicate) matches 494 and lists the 6 with their reason', async () => {
    const { shop, companyId, boxId } = await shopWithDeliveredParcels(app, database, 500);
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
    const response = await postStatement(
      app,
      shop.authorization,
      lines.join('\n'),
      `shipping_company_id=${companyId}&box_id=${boxId}&received_on=${daysAgo(0)}&reference=VIR-77`,
    );
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

    // The bank is credited with the 494 parcels newly paid (decision 0141): the short-paid,
    // unknown and paid-twice lines credit nothing until resolved. The carrier owes the 6 left.
    const statementTotal = 494 * 265_000 + 200_000 + 264_999 + 30_000 + 265_000;
    expect(result).toMatchObject({ amount_centimes: statementTotal, credited_centimes: 494 * 265_000 });
    const after = (await shop.api.get('/dashboard/cases')).json();
    expect(after.boxes[0].balance_centimes).toBe(494 * 265_000);
    expect(after.carriers[0]).toMatchObject({ parcels: 6, balance_centimes: 6 * 265_000 });
    const income = (await shop.api.get('/dashboard/incomes')).json();
    expect(income.data[0]).toMatchObject({
      category_code: 'remittance',
      amount_centimes: 494 * 265_000,
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
    const { shop, companyId, boxId } = await shopWithDeliveredParcels(app, database, 40);
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
    const { shop, boxId } = await shopWithDeliveredParcels(app, database, 1);
    const refused = await postStatement(
      app,
      shop.authorization,
      'Colonne;Autre\nA;B',
      `shipping_company_id=1&box_id=${boxId}&received_on=${daysAgo(0)}`,
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error_codes.file[0].code).toBe('money.statement_columns');
    const other = await shopWithDeliveredParcels(app, database, 1);
    const foreign = await shop.api.post('/dashboard/remittances', {
      shipping_company_id: other.companyId,
      box_id: boxId,
      received_on: daysAgo(0),
      lines: [{ tracking_number: 'TRK-1', amount_centimes: 265_000 }],
    });
    expect(foreign.statusCode).toBe(422);
    expect(Object.keys(foreign.json().errors)).toEqual(['shipping_company_id']);
  });

  it('keeps what each carrier is owed as orders are delivered, returned, moved, deleted and paid (decision 0104)', async () => {
    const shop = await shopWithCatalogue(app, database);
    const tenantId = shop.tenant.id;
    const companyId = await manualCarrier(
      database,
      tenantId,
      { code: 'rapide', name: 'Rapide' },
      { home: 500, stopdesk: 300 },
    );
    const orders = [];
    for (let i = 0; i < 4; i++) orders.push(await createOrder(shop.api, orderBody(shop)));
    const ids = orders.map((o) => o.id);
    // Shipped with the carrier (out for delivery), then delivered: the trigger's work, not the seed's.
    await database.db.execute(
      sql`update orders set shipping_company_id = ${companyId}, tracking_number = 'RAP-' || id,
            status_id = ${shop.status.out_for_delivery!}, status_type = 'follow-up'
          where tenant_id = ${tenantId} and id = any(${`{${ids.join(',')}}`}::int[])`,
    );
    const owed = async () => {
      const cash = (await shop.api.get('/dashboard/remittances/carriers')).json().data[0];
      return { parcels: cash.parcels as number, owed: cash.owed_centimes as number };
    };
    expect(await owed()).toEqual({ parcels: 0, owed: 0 });
    await database.db.execute(
      sql`update orders set status_id = ${shop.status.delivered!}, status_type = 'delivered'
          where tenant_id = ${tenantId} and id = any(${`{${ids.join(',')}}`}::int[])`,
    );
    const each = orders[0]!.total * 100 - 50_000;
    expect(await owed()).toEqual({ parcels: 4, owed: 4 * each });

    // Returned after all (through the status route): no longer owed.
    await database.db.execute(
      sql`update orders set status_id = ${shop.status.out_for_delivery!}, status_type = 'follow-up'
          where tenant_id = ${tenantId} and id = ${ids[0]!}`,
    );
    const back = await shop.api.patch(`/dashboard/orders/${ids[0]}/status`, { status: shop.status.returned });
    expect(back.statusCode, back.body).toBe(200);
    expect(await owed()).toEqual({ parcels: 3, owed: 3 * each });
    // A stop-desk parcel owes less (the grid's stop-desk fee); a deleted order owes nothing.
    await database.db.execute(
      sql`update orders set is_stopdesk = true where tenant_id = ${tenantId} and id = ${ids[1]!}`,
    );
    expect(await owed()).toEqual({ parcels: 3, owed: 3 * each + 20_000 });
    await database.db.execute(
      sql`update orders set deleted_at = now() where tenant_id = ${tenantId} and id = ${ids[2]!}`,
    );
    expect(await owed()).toEqual({ parcels: 2, owed: 2 * each + 20_000 });

    // Paid by hand: gone, and delivered again later it stays paid.
    const box = (await shop.api.post('/dashboard/cases', { name: 'CCP', kind: 'ccp' })).json();
    const paid = await shop.api.post('/dashboard/remittances', {
      shipping_company_id: companyId,
      box_id: box.id,
      received_on: daysAgo(0),
      lines: [{ tracking_number: `RAP-${ids[3]}`, amount_centimes: each }],
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().matched_count).toBe(1);
    expect(await owed()).toEqual({ parcels: 1, owed: each + 20_000 });
    for (const type of ['follow-up', 'delivered'] as const) {
      const status = type === 'delivered' ? shop.status.delivered! : shop.status.out_for_delivery!;
      await database.db.execute(
        sql`update orders set status_id = ${status}, status_type = ${type} where tenant_id = ${tenantId} and id = ${ids[3]!}`,
      );
    }
    expect(await owed()).toEqual({ parcels: 1, owed: each + 20_000 });
    const owedList = (await shop.api.get(`/dashboard/remittances/owed?shipping_company_id=${companyId}`)).json();
    expect(owedList.total).toBe(1);
    expect(owedList.data[0]).toMatchObject({
      order_id: ids[1],
      tracking_number: `RAP-${ids[1]}`,
      fee_centimes: 30_000,
    });

    // What the trigger kept is what a rebuild from the orders gives.
    const kept = async () =>
      rows<{ order_id: number; owed: string }>(
        database.db,
        sql`select order_id, (total_centimes - delivery_price_centimes)::text as owed from carrier_receivables
            where tenant_id = ${tenantId} order by order_id`,
      );
    const before = await kept();
    await database.db.execute(sql`select app_carrier_receivables_rebuild(${tenantId})`);
    expect(await kept()).toEqual(before);
  });
});
