import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCarrierAdvice, TWebhookEndpoint } from '@cod/shared';
import { demoOwnerPage, screenshot } from './support/browser.js';
import { apiCall } from './support/catalogue.js';
import { confirmOrders, postSimpleOrder, simpleOrderParts } from './support/orders.js';

/**
 * Issue 15.6-15.7 in the browser, on the demo shop: the owner registers a webhook endpoint in the
 * shop settings, sends a test ping and reads it in the delivery log; the assign-to-shipping dialog
 * shows the carrier advice for the order's wilaya and pre-selects the best company when the shop
 * turned that on. The server runs in production mode (no private destinations), so the endpoint is
 * a public name that does not resolve: the ping is sent, fails, and its failure is in the log.
 */
interface TRow {
  id: number;
}

let browser: Browser;
let page: Page;
const created: number[] = [];
const phoneNumber = () => `06${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const tag = () => `Hook${Date.now().toString(36).slice(-5)}`;

beforeAll(async () => {
  ({ browser, page } = await demoOwnerPage());
});
afterAll(async () => {
  for (const id of created) await apiCall(page, 'DELETE', `/dashboard/webhooks/${id}`).catch(() => undefined);
  await apiCall(page, 'PUT', '/dashboard/carrier-advice/settings', { preselect: false }).catch(() => undefined);
  if (page) await apiCall(page, 'POST', '/locale', { locale: 'en' }).catch(() => undefined);
  await browser?.close();
});

async function readyOrder(name: string): Promise<TRow> {
  const parts = await simpleOrderParts(page);
  const data = await postSimpleOrder<TRow>(page, parts, {
    name,
    phone: phoneNumber(),
    address: 'Rue Didouche Mourad',
  });
  await confirmOrders(page, [data.id]);
  return data;
}

describe('webhooks and carrier advice (issue 15.6-15.7)', () => {
  it('registers an endpoint, sends a test ping and sees it in the delivery log', async () => {
    const url = `https://${tag().toLowerCase()}.hooks.invalid/cod`;
    await page.goto('/build/dashboard/shop-settings');
    const card = page.getByTestId('webhooks');
    await card.waitFor();
    await card.getByTestId('webhooks-add').click();
    const dialog = page.getByTestId('webhook-dialog');
    await dialog.getByTestId('webhook-url').fill(url);
    await dialog.getByTestId('webhook-event-order_status_changed').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    // The secret, shown once.
    const secretDialog = page.getByTestId('webhook-secret-dialog');
    await secretDialog.waitFor();
    expect(await secretDialog.getByTestId('webhook-secret').inputValue()).toMatch(/^whsec_/);
    await screenshot(page, 'webhooks-secret-en');
    await secretDialog.getByRole('button', { name: 'Done' }).click();

    const endpoints = await apiCall<{ data: TWebhookEndpoint[] }>(page, 'GET', '/dashboard/webhooks');
    const endpoint = endpoints.data.find((e) => e.url === url)!;
    created.push(endpoint.id);
    expect(endpoint.events).toEqual(['order.created', 'order.status_changed']);
    const row = page.getByTestId(`webhook-${endpoint.id}`);
    await row.getByRole('button', { name: 'Send test' }).click();
    const log = page.getByTestId('webhook-log-dialog');
    await log.waitFor();
    const delivery = log.locator('[data-testid^="webhook-delivery-"]').first();
    await delivery.waitFor();
    await expect
      .poll(() => delivery.getByTestId('webhook-delivery-state').textContent(), { timeout: 30_000 })
      .toBe('Failed');
    expect(await delivery.textContent()).toContain('Test');
    expect(await delivery.textContent()).toMatch(/#1 .*(ENOTFOUND|EAI_AGAIN|refused)/);
    await screenshot(page, 'webhooks-log-en');
    await log.getByRole('button', { name: 'Close', exact: true }).last().click();
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'webhooks-settings-en');
  });

  it('shows the carrier advice in the assign-to-shipping dialog and pre-selects the best company', async () => {
    await apiCall(page, 'PUT', '/dashboard/carrier-advice/settings', { preselect: true });
    const name = tag();
    const order = await readyOrder(name);
    const advice = await apiCall<TCarrierAdvice>(page, 'GET', `/dashboard/carrier-advice?order_ids=${order.id}`);
    expect(advice.state_id).toBe(16);
    expect(advice.rows.length).toBeGreaterThan(0);

    await page.goto(`/build/dashboard/orders?tab=ready&search=${encodeURIComponent(name)}`);
    await expect.poll(() => page.getByTestId('order-row').count(), { timeout: 15_000 }).toBe(1);
    await page.getByTestId('order-row').first().getByTestId('customer-name').click();
    await page.getByTestId('bulk-actions-button').click();
    await page.getByTestId('bulk-assign_shipping').click();
    const dialog = page.getByTestId('assign-shipping-dialog');
    const panel = dialog.getByTestId('carrier-advice');
    await panel.waitFor();
    expect(await panel.locator('tbody tr').count()).toBe(advice.rows.length);
    if (advice.best_company_id !== null) {
      const best = advice.rows.find((r) => r.shipping_company_id === advice.best_company_id)!;
      await expect.poll(() => dialog.locator('[role="combobox"]').textContent()).toBe(best.name);
      expect(await panel.getByTestId(`carrier-advice-row-${best.shipping_company_id}`).textContent()).toContain('Best');
    }
    // Clicking a row picks its company.
    const last = advice.rows.at(-1)!;
    await panel.getByTestId(`carrier-advice-row-${last.shipping_company_id}`).click();
    await expect.poll(() => dialog.locator('[role="combobox"]').textContent()).toBe(last.name);
    await screenshot(page, 'carrier-advice-en');

    // Arabic, right to left, on a phone.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.setViewportSize({ width: 390, height: 844 });
    // Cancelling the dialog keeps the selection: select the row again only if it was cleared.
    const selected = (await page.getByTestId('order-row').first().getAttribute('class'))?.includes('Mui-selected');
    if (!selected) await page.getByTestId('order-row').first().getByTestId('customer-name').click();
    await page.getByTestId('bulk-actions-button').click();
    await page.getByTestId('bulk-assign_shipping').click();
    await page.getByTestId('assign-shipping-dialog').getByTestId('carrier-advice').waitFor();
    await page.getByText('سجل التوصيل').first().waitFor();
    await screenshot(page, 'carrier-advice-ar-phone');
    await page.keyboard.press('Escape');
    await page.goto('/build/dashboard/shop-settings');
    await page.getByTestId('webhooks').scrollIntoViewIfNeeded();
    await page.getByText('خطافات الويب').first().waitFor();
    await screenshot(page, 'webhooks-settings-ar-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
