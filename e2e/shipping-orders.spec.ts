import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOwnerPage, screenshot } from './support/browser.js';
import { apiCall } from './support/catalogue.js';
import { confirmOrders, dispatchFirstTwoRows, postSimpleOrder, simpleOrderParts } from './support/orders.js';

/**
 * Issue 5 in the browser, against the demo shop whose shipping companies point at the local
 * carrier sandbox (decision 0031): dispatch from the ready tab, validate in inDispatch, open a
 * parcel ticket PDF, read the shipment timeline, and scan a tracking number with a simulated
 * keyboard wedge in validate mode.
 */
interface TRow {
  id: number;
  order_number: number;
  tracking_number: string | null;
}
interface TCompany {
  id: number;
  name: string;
  code: string;
}

const phoneNumber = () => `06${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const tag = () => `Ship${Date.now().toString(36).slice(-5)}`;

let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ browser, page } = await demoOwnerPage());
});
afterAll(() => browser?.close());

/** Confirmed orders (the ready tab) made through the API, named so a search finds only them. */
async function readyOrders(name: string, count: number): Promise<TRow[]> {
  const parts = await simpleOrderParts(page);
  const rows: TRow[] = [];
  for (let i = 0; i < count; i++) {
    const data = await postSimpleOrder<TRow>(page, parts, {
      name: `${name} ${i + 1}`,
      phone: phoneNumber(),
      address: 'Rue Didouche Mourad',
    });
    rows.push(data);
  }
  await confirmOrders(
    page,
    rows.map((r) => r.id),
  );
  return rows;
}

async function openTab(tab: string, search: string, expected: number) {
  await page.goto(`/build/dashboard/orders?tab=${tab}&search=${encodeURIComponent(search)}`);
  await expect.poll(() => page.getByTestId('order-row').count(), { timeout: 15_000 }).toBe(expected);
}

async function yalidine(): Promise<TCompany> {
  const companies = await apiCall<{ data: TCompany[] }>(page, 'GET', '/dashboard/shipping-companies/options');
  return companies.data.find((c) => c.code === 'yalidine')!;
}

describe('shipping on the Orders screen (issue 5)', () => {
  it('dispatches from the ready tab, validates in inDispatch, opens a ticket PDF and reads the timeline', async () => {
    const name = tag();
    const orders = await readyOrders(name, 2);
    await openTab('ready', name, 2);
    const dialog = await dispatchFirstTwoRows(page, 'Yalidine');
    await dialog.getByRole('button', { name: 'Dispatch' }).click();
    await page.getByText('Successfully dispatched all 2 orders!').waitFor();
    await screenshot(page, 'shipping-dispatched');

    await openTab('inDispatch', name, 2);
    const first = page.getByTestId('order-row').first();
    await first.getByTestId('row-more').click();
    await page.getByRole('menuitem', { name: 'Validate' }).click();
    await page.getByText(/Order \d+ validated successfully/).waitFor();
    await openTab('inDelivery', name, 1);

    // Parcel tickets: the link serves a PDF (the carrier's label here).
    await page.getByTestId('order-row').first().getByTestId('row-more').click();
    // One order's ticket opens in a new tab at once (SPEC 2.4: like the PDF route).
    const popup = page.waitForEvent('popup');
    await page.getByRole('menuitem', { name: 'Parcel tickets' }).click();
    const tab = await popup;
    await tab.waitForLoadState();
    expect(tab.url()).toMatch(/\/labels\/.+\.pdf$|\/parcel-tickets\//);
    await tab.close();
    await page.bringToFront();
    const tickets = page.getByTestId('parcel-tickets-dialog');
    const link = tickets.getByRole('link').first();
    await link.waitFor();
    const pdf = await page.request.get((await link.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await tickets.getByRole('button', { name: 'Close' }).last().click();

    // The shipment timeline: the tracking number and the carrier's statuses with their dots.
    await page.getByTestId('order-row').first().getByTestId('row-more').click();
    await page.getByRole('menuitem', { name: 'Shipment timeline' }).click();
    const timeline = page.getByTestId('shipment-timeline-dialog');
    await timeline.getByTestId('shipment-timeline').waitFor();
    expect(await timeline.getByTestId('timeline-tracking').textContent()).toMatch(/\S+/);
    expect(await timeline.locator('[data-color]').count()).toBeGreaterThan(0);
    await page.waitForTimeout(300); // the dialog's fade-in, for a readable screenshot
    await screenshot(page, 'shipping-timeline');
    const dispatched = await Promise.all(orders.map((o) => apiCall<TRow>(page, 'GET', `/dashboard/orders/${o.id}`)));
    expect(dispatched.every((o) => o.tracking_number)).toBe(true);
  });

  it('validates a tracking number scanned with a keyboard wedge in validate mode', async () => {
    const name = tag();
    const [order] = await readyOrders(name, 1);
    const company = await yalidine();
    const answer = await apiCall<{ dispatch_success: Array<{ order_id: number; tracking_number: string }> }>(
      page,
      'POST',
      '/dashboard/orders/dispatch',
      { shipping_company_id: company.id, order_ids: [order!.id] },
    );
    const tracking = answer.dispatch_success[0]!.tracking_number;
    await openTab('inDispatch', name, 1);
    await page.getByRole('button', { name: 'Barcode scan' }).click();
    const scanner = page.getByTestId('barcode-scanner-dialog');
    await scanner.waitFor();
    // SPEC 4: scan mode sets the page size to 200.
    await page.waitForURL((url) => url.searchParams.get('per_page') === '200');
    // A wedge scanner types fast (well under 100 ms a key) and ends with Enter.
    await page.keyboard.type(tracking, { delay: 15 });
    await page.keyboard.press('Enter');
    await expect
      .poll(() => scanner.getByTestId('barcode-outcome').textContent(), { timeout: 10_000 })
      .toBe(`Order ${order!.id} validated successfully`);
    const after = await apiCall<{ latest_status: { status: { type: string } } }>(
      page,
      'GET',
      `/dashboard/orders/${order!.id}`,
    );
    expect(after.latest_status.status.type).toBe('follow-up');
  });
});
