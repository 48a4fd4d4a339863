import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, screenshot, sharedBrowser, signedInPage } from './support/browser.js';
import { apiCall } from './support/catalogue.js';
import { postSimpleOrder, simpleOrderParts } from './support/orders.js';

interface TRow {
  id: number;
  order_number: number;
  status_id: number;
  is_stopdesk: boolean;
  stopdesk_id: number | null;
  products: Array<{ product_name: string; variant_id: number | null; quantity: number }>;
  customer_custom_fields: Array<{ product_id: number; field_values: Record<string, unknown> }>;
  latest_status: { status: { type: string; display_name: string } };
  formatted_reported_at: string | null;
}

/** A valid, unused Algerian mobile number (issue 3.6: 06 + 8 digits). */
const phoneNumber = () => `06${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const tag = () => Date.now().toString(36).slice(-6);

/** Picks an option of an MUI select by its visible text. */
async function choose(page: Page, select: Locator, option: string | RegExp) {
  await select.locator('[role="combobox"]').click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Orders made through the API the dialog uses, so a test can start from a known order. */
async function createOrders(page: Page, name: string, count: number): Promise<TRow[]> {
  const parts = await simpleOrderParts(page);
  const rows: TRow[] = [];
  for (let i = 0; i < count; i++) {
    rows.push(await postSimpleOrder<TRow>(page, parts, { name: `${name} ${i + 1}`, phone: phoneNumber() }));
  }
  return rows;
}

async function search(page: Page, text: string, expected: number) {
  await page.getByLabel('Search orders').fill(text);
  await page.waitForURL((url) => url.searchParams.get('search') === text);
  await expect.poll(() => page.getByTestId('order-row').count(), { timeout: 10_000 }).toBe(expected);
}

const orderById = (page: Page, id: number) => apiCall<TRow>(page, 'GET', `/dashboard/orders/${id}`);

describe('orders: the confirmation workflow', () => {
  const browser = sharedBrowser();

  it('creates an order with a variant, a custom field and a stop desk, then confirms it', async () => {
    const { context, page } = await signedInPage(browser(), DEMO.owner);
    await page.goto('/build/dashboard/orders');
    const name = `Karima Test ${tag()}`;

    await page.getByTestId('add-order').click();
    const dialog = page.getByTestId('order-dialog');
    await dialog.getByTestId('order-name').fill(name);
    await dialog.getByTestId('order-phone').fill(`+213 ${phoneNumber().slice(1)}`);
    // SPEC 5: the commune is enabled only after a wilaya.
    expect(await dialog.getByTestId('order-city').locator('[role="combobox"]').getAttribute('aria-disabled')).toBe(
      'true',
    );
    await choose(page, dialog.getByTestId('order-state'), '16 - Alger');
    await choose(page, dialog.getByTestId('order-city'), /./);
    // Issue 12 item 5: a stop desk is a centre of the chosen company; delivered free, so the total
    // below stays the lines' sum.
    await choose(page, dialog.getByTestId('order-shipping-company'), /^Yalidine/);
    await dialog.getByTestId('order-free-delivery').locator('input').check();
    await dialog.getByTestId('order-stopdesk').click();
    await choose(page, dialog.getByTestId('order-stopdesk-centre'), /Sacré-Cœur/);

    // First line: a product with variants.
    await dialog.getByTestId('line-product-0').locator('input').fill('Basket');
    await page.getByRole('option', { name: /Basket Runner/ }).click();
    await dialog.getByTestId('order-submit').click();
    await dialog.getByText('Variant is required').waitFor();
    await choose(page, dialog.getByTestId('line-variant-0'), /42 Blanc/);
    await dialog.getByTestId('line-quantity-0').fill('2');

    // Second line: a product with required custom fields; the first row has no delete.
    await dialog.getByTestId('add-line').click();
    expect(await dialog.getByTestId('line-remove-0').count()).toBe(0);
    await dialog.getByTestId('line-product-1').locator('input').fill('Montre perso');
    await page.getByRole('option', { name: /Montre personnalisée/ }).click();
    await dialog.getByTestId('order-submit').click();
    await dialog.getByText('Montre personnalisée: Gravure is required').waitFor();
    await dialog.getByTestId('order-custom-fields').getByLabel('Gravure').fill('Amine 2026');
    await choose(page, dialog.getByTestId('order-custom-fields'), 'Acier');

    // SPEC 5 Total: 2 x 5 600 + 4 900, free delivery so no delivery fee.
    expect(await dialog.getByTestId('order-total').textContent()).toMatch(/16\s?100,00\sDA/);
    await dialog.locator('.MuiDialogContent-root').evaluate((element) => element.scrollTo(0, 480));
    await page.waitForTimeout(300);
    await screenshot(page, 'orders-dialog-filled-en');
    await dialog.getByTestId('order-submit').click();
    await page.getByText('Order created successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });

    await search(page, name, 1);
    const row = page.getByTestId('order-row').first();
    const id = Number(await row.getAttribute('data-order-id'));
    const saved = await orderById(page, id);
    expect(saved.is_stopdesk).toBe(true);
    expect(saved.stopdesk_id).toBe(160101);
    expect(saved.products.map((l) => [l.product_name, l.quantity])).toEqual([
      ['Basket Runner', 2],
      ['Montre personnalisée', 1],
    ]);
    expect(saved.products[0]!.variant_id).not.toBeNull();
    expect(saved.customer_custom_fields[0]!.field_values).toMatchObject({ Gravure: 'Amine 2026', Bracelet: 'Acier' });

    // Confirm it with the single status dialog.
    await row.getByTestId('row-status').click();
    const status = page.getByTestId('status-dialog');
    await choose(page, status.getByTestId('status-select'), 'Confirmed');
    await status.getByLabel('Description (optional)').fill('Confirmé par téléphone');
    await status.getByRole('button', { name: 'Update status' }).click();
    await page.getByText('Status updated successfully').waitFor();
    await expect.poll(async () => (await orderById(page, id)).latest_status.status.type).toBe('confirmed');
    await row.getByText('Confirmed', { exact: true }).waitFor();
    await context.close();
  });

  it('reschedules an order: reported needs a date and a 24-hour time', async () => {
    const { context, page } = await signedInPage(browser(), DEMO.owner);
    const name = `Report Test ${tag()}`;
    const [order] = await createOrders(page, name, 1);
    await page.goto('/build/dashboard/orders');
    await search(page, name, 1);

    await page.getByTestId('order-row').first().getByTestId('row-status').click();
    const status = page.getByTestId('status-dialog');
    await choose(page, status.getByTestId('status-select'), 'Postponed');
    await status.getByRole('button', { name: 'Update status' }).click();
    await status.getByText('Please select a report date and time').waitFor();

    const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
    const when = status.getByTestId('report-date');
    await when.locator('input[data-format="Y-m-d"]').fill(tomorrow);
    await choose(page, when.locator('.MuiTextField-root').nth(1), '17');
    await choose(page, when.locator('.MuiTextField-root').nth(2), '45');
    await status.getByRole('button', { name: 'Update status' }).click();
    await page.getByText('Status updated successfully').waitFor();

    await expect.poll(async () => (await orderById(page, order!.id)).formatted_reported_at).toBe(`${tomorrow} 17:45`);
    // Issue 12 item 8: shown day-month-year, 24-hour.
    const shown = tomorrow.split('-').reverse().join('/');
    await page.getByTestId('order-row').first().getByText(`Call back ${shown} 17:45`).waitFor();
    await context.close();
  });

  it('bulk-confirms three orders chosen by checkbox and by row click', async () => {
    const { context, page } = await signedInPage(browser(), DEMO.owner);
    const name = `Bulk Test ${tag()}`;
    const orders = await createOrders(page, name, 3);
    await page.goto('/build/dashboard/orders');
    await search(page, name, 3);

    const rows = page.getByTestId('order-row');
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    // A click anywhere on a row selects it too (SPEC 2.4).
    await rows.nth(2).getByTestId('customer-name').click();
    await page.getByRole('button', { name: 'Bulk actions (3)' }).waitFor();

    await page.getByTestId('bulk-actions-button').click();
    await page.getByTestId('bulk-mark_confirmed').click();
    const bulk = page.getByTestId('bulk-status-dialog');
    await bulk.getByText('3 orders selected').waitFor();
    await bulk.getByRole('button', { name: 'Update 3 orders' }).click();
    await page.getByText('Successfully updated 3 orders').waitFor();

    for (const order of orders) {
      await expect.poll(async () => (await orderById(page, order.id)).latest_status.status.type).toBe('confirmed');
    }
    // The selection has done its job.
    await page.getByRole('button', { name: 'Bulk actions', exact: true }).waitFor();
    await context.close();
  });
});
