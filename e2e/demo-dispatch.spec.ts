import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOwnerPage, restartServer, screenshot } from './support/browser.js';
import { apiCall } from './support/catalogue.js';

/**
 * Issue 12.3 in the browser: the demo's seeded "In dispatch" orders have real parcels at the carrier
 * sandbox (docs/decisions/0051), still known after a restart of the server, so Validate works on
 * one of them and its shipment timeline shows its tracking number.
 */
interface TRow {
  id: number;
  order_number: number;
  tracking_number: string | null;
  shipping_company_id: number | null;
}

let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ browser, page } = await demoOwnerPage());
});
afterAll(() => browser?.close());

/** The seeded inDispatch orders of a carrier with a validation step (EcoTrack: the sandbox is asked). */
async function seededInDispatch(): Promise<TRow[]> {
  const companies = await apiCall<{ data: Array<{ id: number; code: string }> }>(
    page,
    'GET',
    '/dashboard/shipping-companies/options',
  );
  const dhd = companies.data.find((c) => c.code === 'dhd')!;
  const list = await apiCall<{ data: TRow[] }>(page, 'GET', '/dashboard/orders?tab=inDispatch&per_page=100');
  return list.data.filter((r) => r.shipping_company_id === dhd.id && r.order_number <= 2400);
}

describe('the demo seed dispatched its In dispatch orders for real (issue 12.3)', () => {
  it('validates a seeded In dispatch order after a restart, and shows its shipment timeline', async () => {
    const seeded = await seededInDispatch();
    expect(seeded.length).toBeGreaterThan(1);
    for (const row of seeded) expect(row.tracking_number).toBeTruthy();

    // The sandbox is in memory: a restart must bring the demo's parcels back (data folder).
    await restartServer();
    await page.reload();

    const [order, other] = seeded;
    await page.goto(`/build/dashboard/orders?tab=inDispatch&search=${encodeURIComponent(order!.tracking_number!)}`);
    const row = page.getByTestId('order-row');
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);

    // The timeline of the other one: its parcel, not "No Active Shipment".
    await page.goto(`/build/dashboard/orders?tab=inDispatch&search=${encodeURIComponent(other!.tracking_number!)}`);
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    await row.first().getByTestId('row-more').click();
    await page.getByRole('menuitem', { name: 'Shipment timeline' }).click();
    const timeline = page.getByTestId('shipment-timeline-dialog');
    await timeline.getByText(other!.tracking_number!).first().waitFor();
    await screenshot(page, 'demo-dispatch-timeline');
    await page.keyboard.press('Escape');

    await page.goto(`/build/dashboard/orders?tab=inDispatch&search=${encodeURIComponent(order!.tracking_number!)}`);
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    await row.first().getByTestId('row-more').click();
    await page.getByRole('menuitem', { name: 'Validate' }).click();
    await page.getByText(`Order ${order!.id} validated successfully`).waitFor();
    await screenshot(page, 'demo-dispatch-validated');
    const moved = await apiCall<{ data: TRow[] }>(
      page,
      'GET',
      `/dashboard/orders?tab=inDelivery&search=${encodeURIComponent(order!.tracking_number!)}`,
    );
    expect(moved.data.map((r) => r.id)).toContain(order!.id);
  });
});
