import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../src/db/client.js';
import { openTestApp } from '../support/test-db.js';
import { balancesAndSums, daysAgo, postStatement, shopWithCarrier } from './money-support.js';

const { app, database } = await openTestApp();

/**
 * Return fees come off what a carrier owes (issue 13.4, docs/decisions/0112). Hand calculation:
 * the carrier's grid for wilaya 16 says home 350 DA, stop desk 250 DA, return 200 DA. Three
 * delivered home parcels of 3 000 DA owe 3 000 − 350 = 2 650 DA each = 7 950 DA; two returned
 * parcels owe −200 DA each = −400 DA. Cash with the carrier: 7 950 − 400 = 7 550 DA (755 000
 * centimes), 5 parcels of which 2 returned (40 000 centimes of return fees).
 */
describe('return fees in what a carrier owes (decision 0112)', () => {
  it('nets the return fees of returned parcels out of the figures, the owed list and the matching', async () => {
    const { shop, tenantId, base, companyId } = await shopWithCarrier(
      app,
      database,
      { code: 'retour', name: 'Retour Express' },
      { home: 350, stopdesk: 250, returned: 200 },
    );
    // TRK-1..3 delivered; RET-1, RET-2 delivered too at first (RET-2 on day 20, RET-1 on day 2).
    await database.db.execute(
      sql`insert into orders (tenant_id, order_number, customer_id, customer_full_name, customer_phone_1, state_id, city_id,
            delivery_price, total, status_id, status_type, shipping_company_id, tracking_number, is_stopdesk, created_at, updated_at)
          select o.tenant_id, 200000 + g, o.customer_id, o.customer_full_name, o.customer_phone_1, 16, o.city_id,
            400.00, 3000.00, ${shop.status.delivered!}, 'delivered', ${companyId},
            (array['TRK-1', 'TRK-2', 'TRK-3', 'RET-1', 'RET-2'])[g], false,
            now() - interval '30 days', now() - make_interval(days => (array[1, 3, 10, 2, 20])[g])
          from orders o, generate_series(1, 5) as g
          where o.tenant_id = ${tenantId} and o.id = ${base.id}`,
    );
    const cash = async () => (await shop.api.get('/dashboard/remittances/carriers')).json().data[0];
    expect(await cash()).toMatchObject({ parcels: 5, owed_centimes: 5 * 265_000, returned_parcels: 0 });

    // The two RET parcels come back (the orders trigger's work): each now owes minus the return fee,
    // aged from the return (now: the 0-7 bucket).
    await database.db.execute(
      sql`update orders set status_id = ${shop.status.returned!}, status_type = 'returned', updated_at = now()
          where tenant_id = ${tenantId} and tracking_number like 'RET-%'`,
    );
    const before = await cash();
    expect(before).toMatchObject({
      shipping_company_id: companyId,
      parcels: 5,
      owed_centimes: 755_000,
      returned_parcels: 2,
      return_fees_centimes: 40_000,
    });
    // 0-7 days: TRK-1 (1 day), TRK-2 (3 days) and the two returns; 8-14: TRK-3 (10 days).
    expect(before.buckets.d0_7).toEqual({ centimes: 2 * 265_000 - 2 * 20_000, parcels: 4 });
    expect(before.buckets.d8_14).toEqual({ centimes: 265_000, parcels: 1 });
    const cases = (await shop.api.get('/dashboard/cases')).json();
    expect(cases.carriers).toEqual([
      { shipping_company_id: companyId, name: 'Retour Express', balance_centimes: 755_000, parcels: 5 },
    ]);
    const owed = (await shop.api.get(`/dashboard/remittances/owed?shipping_company_id=${companyId}`)).json();
    expect(owed.total).toBe(5);
    const ret1 = owed.data.find((p: { tracking_number: string }) => p.tracking_number === 'RET-1');
    expect(ret1).toMatchObject({ returned: true, total_centimes: 0, fee_centimes: 20_000, owed_centimes: -20_000 });
    const trk1 = owed.data.find((p: { tracking_number: string }) => p.tracking_number === 'TRK-1');
    expect(trk1).toMatchObject({
      returned: false,
      total_centimes: 300_000,
      fee_centimes: 35_000,
      owed_centimes: 265_000,
    });

    // The statement: the three delivered parcels, RET-1 with its fee deducted (matched), RET-2 with
    // 250 DA deducted where the grid says 200 (short-paid). Total 3 × 2 650 − 200 − 250 = 7 500 DA.
    const box = (await shop.api.post('/dashboard/cases', { name: 'Banque', kind: 'bank' })).json();
    const csv = ['Tracking;Montant', 'TRK-1;2 650,00', 'TRK-2;2650', 'RET-1;-200,00', 'RET-2;-250', 'TRK-3;2650'].join(
      '\n',
    );
    const response = await postStatement(
      app,
      shop.authorization,
      csv,
      `shipping_company_id=${companyId}&box_id=${box.id}&received_on=${daysAgo(0)}`,
    );
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json();
    expect(result).toMatchObject({
      amount_centimes: 750_000,
      matched_count: 4,
      issue_count: 1,
      matched_centimes: 3 * 265_000 - 20_000,
    });
    expect(result.issues).toEqual([
      {
        line: 4,
        tracking_number: 'RET-2',
        reason: 'short_paid',
        order_id: expect.any(Number),
        expected_centimes: -20_000,
        paid_centimes: -25_000,
      },
    ]);
    // The bank got the net 7 500 DA; the carrier still owes RET-2's return fee only.
    const after = (await shop.api.get('/dashboard/cases')).json();
    expect(after.boxes.find((b: { id: number }) => b.id === box.id).balance_centimes).toBe(750_000);
    expect(await cash()).toMatchObject({
      parcels: 1,
      owed_centimes: -20_000,
      returned_parcels: 1,
      return_fees_centimes: 20_000,
    });

    // RET-1 is settled: listed again, it is paid twice. A statement that only deducts nets below
    // zero and is refused with a message.
    const again = await shop.api.post('/dashboard/remittances', {
      shipping_company_id: companyId,
      box_id: box.id,
      received_on: daysAgo(0),
      lines: [{ tracking_number: 'RET-2', amount_centimes: -20_000 }],
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().error_codes.lines[0].code).toBe('money.remittance_negative');
    const settle = await shop.api.post('/dashboard/remittances', {
      shipping_company_id: companyId,
      box_id: box.id,
      received_on: daysAgo(0),
      lines: [
        { tracking_number: 'RET-1', amount_centimes: -20_000 },
        { tracking_number: 'RET-2', amount_centimes: -20_000 },
        { tracking_number: 'TRK-9', amount_centimes: 50_000 },
      ],
    });
    expect(settle.statusCode, settle.body).toBe(201);
    expect(settle.json()).toMatchObject({ amount_centimes: 10_000, matched_count: 1, issue_count: 2 });
    expect(settle.json().issues.map((i: { reason: string }) => i.reason)).toEqual(['paid_twice', 'unknown']);
    expect(await cash()).toMatchObject({ parcels: 0, owed_centimes: 0, returned_parcels: 0 });
    for (const row of await balancesAndSums(database, tenantId)) expect(row.balance).toBe(row.summed);

    // A return the grid bills nothing for owes nothing and is not listed.
    await database.db.execute(
      sql`update shipping_fees set return_fee = null where tenant_id = ${tenantId} and shipping_company_id = ${companyId}`,
    );
    await database.db.execute(
      sql`update orders set status_id = ${shop.status.returned!}, status_type = 'returned'
          where tenant_id = ${tenantId} and id = ${base.id}`,
    );
    await database.db.execute(
      sql`update orders set shipping_company_id = ${companyId}, tracking_number = 'RET-3' where tenant_id = ${tenantId} and id = ${base.id}`,
    );
    expect(await cash()).toMatchObject({ parcels: 0, owed_centimes: 0 });
    expect((await shop.api.get(`/dashboard/remittances/owed?shipping_company_id=${companyId}`)).json().total).toBe(0);
    // What the trigger kept is what a rebuild from the orders gives.
    const kept = () =>
      rows<{ order_id: number; returned: boolean }>(
        database.db,
        sql`select order_id, returned from carrier_receivables where tenant_id = ${tenantId} order by order_id`,
      );
    const keptBefore = await kept();
    expect(keptBefore).toEqual([{ order_id: base.id, returned: true }]);
    await database.db.execute(sql`select app_carrier_receivables_rebuild(${tenantId})`);
    expect(await kept()).toEqual(keptBefore);
  });
});
