import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, sharedBrowser, signedInPage } from './support/browser.js';
import { apiCall, unique } from './support/catalogue.js';

/** The bell's count (SPEC 2.1: the badge shows only when low-stock products exist). */
async function bellCount(page: Page): Promise<number> {
  const badge = page.getByTestId('notifications-badge').locator('.MuiBadge-badge');
  if (await badge.evaluate((el) => el.classList.contains('MuiBadge-invisible'))) return 0;
  return Number(await badge.textContent());
}

async function bellTexts(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const popover = page.locator('.MuiPopover-paper');
  await popover.waitFor();
  const texts = (await popover.locator('li').allTextContents()).map((text) => text.trim());
  await page.keyboard.press('Escape');
  await popover.waitFor({ state: 'detached' });
  return texts;
}

describe('catalogue: stock and low-stock alerts', () => {
  const browser = sharedBrowser();

  it('an adjustment that crosses the threshold lights the bell with the SPEC 9 text; an oversell is refused by name', async () => {
    const { context, page } = await signedInPage(browser(), DEMO.owner);
    const name = unique('Argan oil 100 ml');
    await apiCall(page, 'POST', '/dashboard/products', {
      name,
      sku: `ARG-${Date.now().toString(36)}`,
      price: 1800,
      low_stock_threshold: 5,
      initial_stock: 8,
    });
    await page.goto('/build/dashboard/stock');
    await page.getByRole('heading', { level: 1, name: 'Stock' }).waitFor();
    // Read the starting count from the server, not from a badge that may still be loading.
    const props = await apiCall<{ lowStockProducts: unknown[] }>(page, 'GET', '/dashboard/page-props');
    const before = props.lowStockProducts.length;
    const alert = `Product "${name}" is low on stock (4 / 5)`;
    expect(await bellTexts(page)).not.toContain(alert);

    await page.getByLabel('Search products').fill(name);
    const row = page.getByTestId('stock-row').filter({ hasText: name });
    await row.waitFor();
    await row.getByRole('button', { name: `Adjust the stock of ${name}` }).click();
    const dialog = page.getByTestId('adjust-stock-dialog');
    await dialog.getByTestId('stock-figures').waitFor();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await dialog.getByLabel('Quantity').fill('20');
    await dialog.getByLabel('Reason').fill('Inventory count');
    await dialog.getByRole('button', { name: 'Record the adjustment' }).click();

    // Issue 3.4: the write that would oversell fails with a message naming the product.
    const refused = dialog.getByTestId('stock-error');
    await refused.waitFor();
    expect(await refused.textContent()).toBe(`Insufficient stock for "${name}"`);

    await dialog.getByLabel('Quantity').fill('4');
    await dialog.getByRole('button', { name: 'Record the adjustment' }).click();
    await page.getByText(`Stock of “${name}” updated`).waitFor();
    await dialog.waitFor({ state: 'detached' });

    await row.getByText('Low stock').waitFor();
    await page.waitForFunction((expected) => {
      const badge = document.querySelector('[data-testid="notifications-badge"] .MuiBadge-badge');
      return badge && !badge.classList.contains('MuiBadge-invisible') && Number(badge.textContent) === expected;
    }, before + 1);
    expect(await bellCount(page)).toBe(before + 1);
    expect(await bellTexts(page)).toContain(alert);

    // The movement is in the history, with who and why.
    await page.goto('/build/dashboard/stock?tab=movements');
    const movement = page.getByTestId('movement-row').filter({ hasText: name }).first();
    await movement.waitFor();
    const text = await movement.textContent();
    expect(text).toContain('Adjustment');
    expect(text).toContain('\u22124');
    expect(text).toContain('Inventory count');
    expect(text).toContain('Amine Benali');
    await context.close();
  });

  it('records a purchase from a provider and shows it in the provider history', async () => {
    const { context, page } = await signedInPage(browser(), DEMO.owner);
    const product = unique('Black seed soap');
    const provider = unique('Savonnerie Tlemcen');
    await apiCall(page, 'POST', '/dashboard/products', {
      name: product,
      sku: `SOAP-${Date.now().toString(36)}`,
      price: 450,
      cost_price: 180,
    });
    await apiCall(page, 'POST', '/dashboard/providers', { name: provider, phone: '043 20 11 22', contacts: [] });
    await page.goto('/build/dashboard/stock');
    await page.getByRole('button', { name: 'Record purchase' }).click();
    const dialog = page.getByTestId('purchase-dialog');

    await dialog.getByLabel('Provider').fill(provider.slice(0, 12));
    await page.getByRole('option', { name: provider }).click();
    await dialog.getByLabel('Product').fill(product.slice(0, 10));
    await page.getByRole('option', { name: new RegExp(product) }).click();
    // The catalogue's cost price is offered as the unit cost.
    expect(await dialog.getByLabel('Unit cost').inputValue()).toBe('180');
    await dialog.getByLabel('Quantity').fill('12');
    await dialog.getByRole('button', { name: 'Record the purchase' }).click();
    await page.getByText(`Purchase from ${provider} recorded`).waitFor();

    await page.goto('/build/dashboard/providers');
    await page.getByLabel('Search providers').fill(provider);
    await page.getByRole('button', { name: `Details of ${provider}` }).click();
    const detail = page.getByTestId('provider-detail');
    await detail.getByText(product).waitFor();
    expect(await detail.getByTestId('purchase-totals').textContent()).toContain('Units bought: 12');
    await context.close();
  });
});
