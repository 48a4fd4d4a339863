import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../src/db/client.js';
import { openTestApp } from '../support/test-db.js';
import { balancesAndSums, daysAgo, postStatement, shopWithDeliveredParcels } from './money-support.js';

const { app, database } = await openTestApp();

/**
 * Decision 0141: a carrier statement credits its box with the money of the parcels it newly pays,
 * nothing for lines paid before, unknown or short-paid. A shop with `count` delivered parcels
 * TRK-1..TRK-n of 3 000 DA, the carrier's fee 350 DA: 2 650 DA owed each (money-support.ts).
 */
async function shopWithParcels(count: number) {
  const { shop, tenantId, companyId, boxId } = await shopWithDeliveredParcels(app, database, count);
  const box = { id: boxId };
  const boxBalance = async () => {
    const cases = (await shop.api.get('/dashboard/cases')).json();
    return cases.boxes.find((b: { id: number }) => b.id === box.id).balance_centimes as number;
  };
  const upload = (csv: string) =>
    postStatement(
      app,
      shop.authorization,
      csv,
      `shipping_company_id=${companyId}&box_id=${box.id}&received_on=${daysAgo(0)}&reference=VIR-1`,
    );
  const incomes = () =>
    rows<{ amount: string }>(
      database.db,
      sql`select amount_centimes::text as amount from incomes where tenant_id = ${tenantId} and box_id = ${box.id}`,
    );
  return { shop, tenantId, boxBalance, upload, incomes };
}

describe('a statement credits only the parcels it newly pays (decision 0141)', () => {
  it('uploaded twice, the box moves once; the second upload says everything was already paid', async () => {
    const { shop, tenantId, boxBalance, upload, incomes } = await shopWithParcels(2);
    const csv = ['Tracking;Montant', 'TRK-1;2650', 'TRK-2;2650'].join('\n');
    const first = await upload(csv);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      amount_centimes: 530_000,
      matched_count: 2,
      credited_centimes: 530_000,
      not_credited: { paid_twice: { count: 0 }, unknown: { count: 0 }, short_paid: { count: 0 } },
    });
    expect(await boxBalance()).toBe(530_000);

    const again = await upload(csv);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({
      amount_centimes: 530_000,
      matched_count: 0,
      credited_centimes: 0,
      not_credited: { paid_twice: { count: 2, centimes: 530_000 } },
    });
    expect(await boxBalance()).toBe(530_000);
    expect(await incomes()).toEqual([{ amount: '530000' }]);
    // The statement's own view says the same.
    const shown = await shop.api.get(`/dashboard/remittances/${again.json().id}`);
    expect(shown.json()).toMatchObject({ credited_centimes: 0, not_credited: { paid_twice: { count: 2 } } });
    for (const row of await balancesAndSums(database, tenantId)) expect(row.balance).toBe(row.summed);
  });

  it('a line that matches nothing, and a short-paid one, credit nothing', async () => {
    const { tenantId, boxBalance, upload } = await shopWithParcels(2);
    const csv = ['Tracking;Montant', 'TRK-1;2650', 'NOPE-9;4600', 'TRK-2;2000'].join('\n');
    const answer = await upload(csv);
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({
      amount_centimes: 925_000,
      matched_count: 1,
      credited_centimes: 265_000,
      not_credited: {
        unknown: { count: 1, centimes: 460_000 },
        short_paid: { count: 1, centimes: 200_000 },
        paid_twice: { count: 0, centimes: 0 },
      },
    });
    expect(await boxBalance()).toBe(265_000);
    for (const row of await balancesAndSums(database, tenantId)) expect(row.balance).toBe(row.summed);
  });

  it('six copies uploaded at the same moment move the box by the newly paid sum, once', async () => {
    const { tenantId, boxBalance, upload, incomes } = await shopWithParcels(3);
    const csv = ['Tracking;Montant', 'TRK-1;2650', 'TRK-2;2650', 'TRK-3;2650', 'NOPE-1;1000'].join('\n');
    const answers = await Promise.all(Array.from({ length: 6 }, () => upload(csv)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    const results = answers.map((a) => a.json() as { matched_count: number; credited_centimes: number });
    expect(results.reduce((sum, r) => sum + r.matched_count, 0)).toBe(3);
    expect(results.reduce((sum, r) => sum + r.credited_centimes, 0)).toBe(3 * 265_000);
    expect(await boxBalance()).toBe(3 * 265_000);
    const credited = (await incomes()).reduce((sum, row) => sum + Number(row.amount), 0);
    expect(credited).toBe(3 * 265_000);
    for (const row of await balancesAndSums(database, tenantId)) expect(row.balance).toBe(row.summed);
  });
});
