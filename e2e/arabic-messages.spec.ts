import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, launchBrowser, newPage, screenshot, signIn } from './support/browser.js';
import { apiCall, unique } from './support/catalogue.js';
import { confirmOrders, dispatchFirstTwoRows } from './support/orders.js';

/**
 * Decision 0041: what the server answers reaches an Arabic-speaking agent in Arabic. The web reads
 * the message code and its parameters, never the server's English; these two cases come from the
 * server only (a phone already taken, a wilaya the company does not serve), so the client cannot
 * have produced them itself.
 */
interface TRow {
  id: number;
}

let browser: Browser;
let page: Page;
let companyId: number | undefined;

const phoneNumber = () => `06${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  await signIn(page, DEMO.owner);
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'العربية' }).click();
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
});

afterAll(async () => {
  // The choice is stored on the account: give the other specs their English back.
  if (page) await apiCall(page, 'POST', '/locale', { locale: 'en' }).catch(() => undefined);
  if (page && companyId) {
    await apiCall(page, 'DELETE', `/dashboard/shipping-companies/${companyId}`).catch(() => undefined);
  }
  await browser?.close();
});

/** Confirmed orders (the ready tab) in the given wilaya, made through the API. */
async function readyOrder(name: string, stateId: number): Promise<TRow> {
  // Its own product with stock: the first product of the shop may be one another spec left at zero.
  const product = await apiCall<{ id: number }>(page, 'POST', '/dashboard/products', {
    name: `Savon ${name}`,
    sku: `AR-${Date.now().toString(36)}-${stateId}`,
    price: 450,
    initial_stock: 10,
  });
  const cities = await apiCall<{ data: Array<{ id: number }> }>(page, 'GET', `/dashboard/cities/state/${stateId}`);
  const { data } = await apiCall<{ data: TRow }>(page, 'POST', '/dashboard/orders', {
    customer_full_name: name,
    customer_phone_1: phoneNumber(),
    state_id: stateId,
    city_id: cities.data[0]!.id,
    customer_address: 'Rue Larbi Ben Mhidi',
    products: [{ product_id: product.id, quantity: 1 }],
  });
  await confirmOrders(page, [data.id]);
  return data;
}

describe('server messages in Arabic (decision 0041)', () => {
  it('shows a server-side validation error in Arabic on its field', async () => {
    const phone = phoneNumber();
    await apiCall(page, 'POST', '/dashboard/customers', { name: 'Samir Haddad', phone });
    await page.goto('/build/dashboard/customers');
    await page.getByRole('button', { name: 'زبون جديد' }).first().click();
    const create = page.getByTestId('customer-create-dialog');
    await create.locator('input[name="phone"]').fill(phone);
    await create.locator('input[name="name"]').fill('سمير حداد');
    await create.getByRole('button', { name: 'إنشاء الزبون' }).click();
    await create.getByText('يوجد زبون بهذا الرقم من قبل.').waitFor();
    expect(await create.textContent()).not.toContain('already been taken');
    await screenshot(page, 'arabic-server-validation');
  });

  it('shows a partial dispatch outcome in Arabic, with the refused order’s reason', async () => {
    const { data: company } = await apiCall<{ data: { id: number; name: string } }>(
      page,
      'POST',
      '/dashboard/shipping-companies',
      { kind: 'manual', code: `alger-${Date.now().toString(36)}`, name: 'Alger seulement', served_wilayas: [16] },
    );
    companyId = company.id;
    const name = unique('Arab');
    await readyOrder(name, 16);
    await readyOrder(name, 31);

    await page.goto(`/build/dashboard/orders?tab=ready&search=${encodeURIComponent(name)}`);
    const rows = page.getByTestId('order-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    const dialog = await dispatchFirstTwoRows(page, company.name);
    await dialog.getByRole('button', { name: 'شحن', exact: true }).click();

    const outcome = page.getByText(/تم شحن 1 من الطلبات، وتعذّر شحن 1/);
    await outcome.waitFor({ timeout: 15_000 });
    const text = (await outcome.textContent()) ?? '';
    expect(text).toContain('لا توصل شركة التوصيل هذه إلى هذه الولاية.');
    expect(text).not.toMatch(/dispatched|deliver/i);
    await screenshot(page, 'arabic-partial-dispatch');
  });
});
