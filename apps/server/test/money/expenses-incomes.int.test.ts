import { describe, expect, it } from 'vitest';
import { EXPENSE_CATEGORY_CODES } from '@cod/shared';
import { openTestApp } from '../support/test-db.js';
import { createProduct, ownerOfNewShop, type TClient } from '../catalogue/catalogue-support.js';
import { balancesAndSums, daysAgo, moneyEntry } from './money-support.js';

const { app, database } = await openTestApp();

async function setup(api: TClient) {
  const drawer = (
    await api.post('/dashboard/cases', {
      name: 'Caisse',
      kind: 'cash',
      opening_centimes: 5_000_000,
      opening_on: daysAgo(5),
    })
  ).json();
  const categoriesOf = async (direction: 'expenses' | 'incomes') =>
    (await api.get(`/dashboard/${direction}/categories`)).json().data as Array<{ id: number; code: string | null }>;
  const expenseCategories = await categoriesOf('expenses');
  const incomeCategories = await categoriesOf('incomes');
  const cat = (code: string) => expenseCategories.find((c) => c.code === code)!.id;
  return { drawer, cat, incomeOther: incomeCategories.find((c) => c.code === 'other')!.id, expenseCategories };
}

describe('expenses and income (issue 13.2, 13.3)', () => {
  it('records ad spend with its source, campaign and product, paid from a box, with totals and filters', async () => {
    const { api, tenant } = await ownerOfNewShop(app, database);
    const { drawer, cat, expenseCategories } = await setup(api);
    expect(expenseCategories.map((c) => c.code)).toEqual([...EXPENSE_CATEGORY_CODES]);
    const product = await createProduct(api, { name: 'Parfum' });

    const ad = await api.post(
      '/dashboard/expenses',
      moneyEntry(1, 1_250_050, cat('ads'), drawer.id, {
        sales_source: 'facebook',
        campaign_id: 'cmp-42',
        product_id: product.id,
        note: 'Boost',
      }),
    );
    expect(ad.statusCode).toBe(201);
    expect(ad.json()).toMatchObject({
      amount_centimes: 1_250_050,
      category_code: 'ads',
      box_name: 'Caisse',
      sales_source: 'facebook',
      campaign_id: 'cmp-42',
      product_name: 'Parfum',
    });
    await api.post('/dashboard/expenses', moneyEntry(0, 300_000, cat('rent'), drawer.id));

    // The shop's own category.
    const own = await api.post('/dashboard/expenses/categories', { name: 'Téléphone' });
    expect(own.statusCode).toBe(201);
    expect((await api.post('/dashboard/expenses/categories', { name: 'téléphone' })).statusCode).toBe(422);
    await api.post('/dashboard/expenses', moneyEntry(0, 99, own.json().id, drawer.id));

    const all = (await api.get('/dashboard/expenses')).json();
    expect(all.total).toBe(3);
    expect(all.totals.amount_centimes).toBe(1_250_050 + 300_000 + 99);
    const ads = (await api.get('/dashboard/expenses?sales_source=facebook&campaign_id=cmp-42')).json();
    expect(ads).toMatchObject({ total: 1, totals: { amount_centimes: 1_250_050 } });
    const paged = (await api.get('/dashboard/expenses?per_page=10&page=2')).json();
    expect(paged).toMatchObject({ total: 3, data: [] });

    const boxes = (await api.get('/dashboard/cases')).json().boxes;
    expect(boxes[0].balance_centimes).toBe(5_000_000 - 1_550_149);
    for (const row of await balancesAndSums(database, tenant.id)) expect(row.balance).toBe(row.summed);

    // Bad input: 422 per field, never a 500.
    const bad = await api.post('/dashboard/expenses', {
      occurred_on: 'yesterday',
      amount_centimes: 12.5,
      category_id: 999_999,
      box_id: drawer.id,
      sales_source: 'myspace',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['amount_centimes', 'occurred_on', 'sales_source']);
    const wrongCategory = await api.post('/dashboard/expenses', moneyEntry(0, 100, 999_999, drawer.id));
    expect(wrongCategory.statusCode).toBe(422);
    expect(wrongCategory.json().error_codes.category_id[0]).toMatchObject({ code: 'validation.selected_invalid' });
  });

  it('editing moves the box; a closed day refuses the change; deleting gives the money back', async () => {
    const { api, tenant } = await ownerOfNewShop(app, database);
    const { drawer, cat, incomeOther } = await setup(api);
    const bank = (await api.post('/dashboard/cases', { name: 'Banque', kind: 'bank' })).json();
    const old = (await api.post('/dashboard/expenses', moneyEntry(3, 10_000, cat('packaging'), drawer.id))).json();
    const fresh = (await api.post('/dashboard/expenses', moneyEntry(0, 20_000, cat('other'), drawer.id))).json();
    const income = await api.post(
      '/dashboard/incomes',
      moneyEntry(0, 70_000, incomeOther, bank.id, { note: 'Vente salon' }),
    );
    expect(income.statusCode).toBe(201);
    expect((await api.get('/dashboard/incomes')).json().totals.amount_centimes).toBe(70_000);

    // Moved to the bank and changed: the drawer gets its 200 DA back, the bank pays 250 DA.
    const moved = await api.put(`/dashboard/expenses/${fresh.id}`, moneyEntry(0, 25_000, cat('other'), bank.id));
    expect(moved.statusCode).toBe(200);
    const balances = Object.fromEntries(
      ((await api.get('/dashboard/cases')).json().boxes as Array<{ name: string; balance_centimes: number }>).map(
        (b) => [b.name, b.balance_centimes],
      ),
    );
    expect(balances).toEqual({ Banque: 45_000, Caisse: 4_990_000 });

    await api.post('/dashboard/cases/close-day', { day: daysAgo(1) });
    const refused = await api.put(`/dashboard/expenses/${old.id}`, moneyEntry(0, 1, cat('packaging'), drawer.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'money.day_closed', params: { date: daysAgo(3) } });
    expect((await api.delete(`/dashboard/expenses/${old.id}`)).json().code).toBe('money.day_closed');
    expect((await api.get(`/dashboard/expenses/${old.id}`)).json()).toMatchObject({
      closed: true,
      amount_centimes: 10_000,
    });

    expect((await api.delete(`/dashboard/expenses/${fresh.id}`)).statusCode).toBe(200);
    expect((await api.get(`/dashboard/expenses/${fresh.id}`)).statusCode).toBe(404);
    for (const row of await balancesAndSums(database, tenant.id)) expect(row.balance).toBe(row.summed);
    const after = (await api.get('/dashboard/cases')).json();
    expect(after.total_centimes).toBe(5_000_000 - 10_000 + 70_000);
  });

  it('exports the filtered list as XLSX', async () => {
    const { api } = await ownerOfNewShop(app, database);
    const { drawer, cat } = await setup(api);
    await api.post('/dashboard/expenses', moneyEntry(0, 123_456, cat('ads'), drawer.id, { note: '=HYPERLINK()' }));
    const response = await api.get('/dashboard/expenses/export?sales_source=');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(String(response.headers['content-disposition'])).toMatch(/expenses_export_\d{8}_\d{6}\.xlsx/);
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
