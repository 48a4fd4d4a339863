import { describe, expect, it } from 'vitest';
import { openTestApp } from '../support/test-db.js';
import { createProduct, ownerOfNewShop } from '../catalogue/catalogue-support.js';
import { multipartFile } from '../support/multipart.js';
import { daysAgo } from './money-support.js';
import { adSpendDay } from '../../src/modules/expenses/ad-spend-file.js';

const { app, database } = await openTestApp();

async function shop() {
  const owner = await ownerOfNewShop(app, database);
  const box = (
    await owner.api.post('/dashboard/cases', { name: 'BaridiMob', kind: 'baridimob', opening_centimes: 10_000_000 })
  ).json();
  const upload = (csv: string, query: string, fileName = 'ads.csv') => {
    const { payload, headers } = multipartFile('file', Buffer.from(csv), fileName, owner.authorization, 'text/csv');
    return app.inject({
      method: 'POST',
      url: `/dashboard/expenses/ad-spend?box_id=${box.id}&${query}`,
      headers,
      payload,
    });
  };
  return { ...owner, box, upload };
}

describe('ad spend import (issue 13.2, docs/decisions/0105)', () => {
  it('records one ads expense per row with its campaign, the chosen source and product, in one go', async () => {
    const { api, box, upload } = await shop();
    const product = await createProduct(api, { name: 'Montre' });
    const [d1, d2] = [daysAgo(2), daysAgo(1)];
    const [y, mo, d] = d2.split('-');
    const csv = [
      'Reporting starts;Campaign ID;Campaign name;Amount spent (DZD)',
      `${d1};120211;Promo montre;1 500,50`,
      `${d}/${mo}/${y};120212;Retargeting;2500`,
      ';;;',
      `${d2};;Sans campagne;99.5`,
    ].join('\n');
    const response = await upload(csv, `sales_source=tiktok&product_id=${product.id}`, 'export tiktok.csv');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ imported: 3, total_centimes: 150_050 + 250_000 + 9_950 });

    const listed = (await api.get('/dashboard/expenses?sales_source=tiktok')).json();
    expect(listed.total).toBe(3);
    expect(listed.totals.amount_centimes).toBe(410_000);
    const byCampaign = Object.fromEntries(
      listed.data.map((e: { campaign_id: string | null }) => [String(e.campaign_id), e]),
    );
    expect(byCampaign['120211']).toMatchObject({
      occurred_on: d1,
      amount_centimes: 150_050,
      category_code: 'ads',
      sales_source: 'tiktok',
      product_id: product.id,
      product_name: 'Montre',
      box_id: box.id,
      note: 'export tiktok.csv',
    });
    expect(byCampaign['120212']).toMatchObject({ occurred_on: d2, amount_centimes: 250_000 });
    expect(byCampaign['null']).toMatchObject({ occurred_on: d2, amount_centimes: 9_950 });
    const cases = (await api.get('/dashboard/cases')).json();
    expect(cases.boxes[0].balance_centimes).toBe(10_000_000 - 410_000);
  });

  it('lists every row in error by line and records nothing', async () => {
    const { api, upload } = await shop();
    const csv = [
      'date,campaign_id,amount',
      `${daysAgo(1)},c-1,1000`,
      '2026-02-30,c-2,1000',
      `${daysAgo(1)},c-3,abc`,
      `${daysAgo(1)},c-4,-5`,
      `${daysAgo(1)},${'x'.repeat(191)},10`,
    ].join('\n');
    const response = await upload(csv, 'sales_source=facebook');
    expect(response.statusCode).toBe(422);
    expect(response.json().error_codes.file).toEqual([
      { code: 'money.ad_spend_line_date', params: { line: 3 } },
      { code: 'money.ad_spend_line_amount', params: { line: 4 } },
      { code: 'money.ad_spend_line_amount', params: { line: 5 } },
      { code: 'money.ad_spend_line_campaign', params: { line: 6 } },
    ]);
    expect((await api.get('/dashboard/expenses')).json().total).toBe(0);

    const columns = await upload('jour;campagne\n2026-11-01;x\n', 'sales_source=facebook');
    expect(columns.json().error_codes.file[0].code).toBe('money.ad_spend_columns');
    const source = await upload('date,amount\n2026-11-01,10\n', 'sales_source=myspace');
    expect(source.statusCode).toBe(422);
  });

  it('refuses rows on a closed day, all or nothing', async () => {
    const { api, upload } = await shop();
    expect((await api.post('/dashboard/cases/close-day', { day: daysAgo(3) })).statusCode).toBe(200);
    const csv = ['date;amount', `${daysAgo(1)};100`, `${daysAgo(3)};200`].join('\n');
    const response = await upload(csv, 'sales_source=google');
    expect(response.statusCode).toBe(422);
    expect(response.json().error_codes.file).toEqual([
      { code: 'money.ad_spend_line_closed', params: { line: 3, date: daysAgo(3) } },
    ]);
    expect((await api.get('/dashboard/expenses')).json().total).toBe(0);
  });

  it('reads the days ads managers write', () => {
    expect(adSpendDay('2026-11-21')).toBe('2026-11-21');
    expect(adSpendDay('2026-11-21T00:00:00.000Z')).toBe('2026-11-21');
    expect(adSpendDay('21/11/2026')).toBe('2026-11-21');
    expect(adSpendDay('1.2.2026')).toBe('2026-02-01');
    expect(adSpendDay('31/02/2026')).toBeNull();
    expect(adSpendDay('11/21/2026')).toBeNull();
    expect(adSpendDay('hier')).toBeNull();
  });
});
