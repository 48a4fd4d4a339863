import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, screenshot, sharedBrowser, signedInPage } from './support/browser.js';

/** Picks an option of an MUI select by its visible text. */
async function choose(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).locator('[role="combobox"]').click();
  await page.getByRole('option', { name: option }).first().click();
}

const params = (page: Page) => new URL(page.url()).searchParams;

/** Lets dialogs and menus finish their enter/leave transitions before a screenshot. */
async function settle(page: Page) {
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  await page.waitForTimeout(400);
}

async function rowsLoaded(page: Page) {
  await page.getByTestId('order-row').first().waitFor();
}

/** Alt+N opens the new-order dialog, and the URL says so. */
async function newOrderByShortcut(page: Page) {
  await page.keyboard.press('Alt+N');
  const dialog = page.getByTestId('order-dialog');
  await dialog.getByText('New order').waitFor();
  expect(params(page).get('dialog')).toBe('create');
  return dialog;
}

describe('orders: the screen', () => {
  const browser = sharedBrowser();

  it('keeps tab, filters and search in the URL: reload and back show the same view', async () => {
    const { context, page } = await signedInPage(browser(), DEMO.owner);
    await page.goto('/build/dashboard/orders');
    await rowsLoaded(page);

    await page.getByTestId('tab-delivered').click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'delivered');
    await choose(page, 'filter-date', 'This Month');
    await choose(page, 'filter-agent', 'Walid Kaci');
    await choose(page, 'filter-state', '16 - Alger');
    // SPEC 9: filters wait 300 ms, then all land in the URL at once.
    await page.waitForURL((url) => url.searchParams.get('state') === '16');
    expect(Object.fromEntries(params(page))).toMatchObject({ tab: 'delivered', date: 'this_month', state: '16' });
    expect(params(page).get('agent')).toMatch(/^\d+$/);
    const agent = params(page).get('agent');

    await page.reload();
    await rowsLoaded(page).catch(() => page.getByText('No order matches').waitFor());
    expect(Object.fromEntries(params(page))).toMatchObject({
      tab: 'delivered',
      date: 'this_month',
      state: '16',
      agent,
    });
    expect(await page.getByTestId('filter-date').locator('[role="combobox"]').textContent()).toBe('This Month');
    expect(await page.getByTestId('filter-agent').locator('[role="combobox"]').textContent()).toBe('Walid Kaci');
    expect(await page.getByTestId('tab-delivered').getAttribute('aria-selected')).toBe('true');
    for (const agentCell of await page.locator('[data-testid="order-row"] td[data-column="agent"]').allTextContents()) {
      expect(agentCell).toBe('Walid Kaci');
    }

    // Back returns to the view before the last filter.
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('state') === null);
    expect(params(page).get('tab')).toBe('delivered');

    await page.getByTestId('clear-filters').click();
    await page.waitForURL((url) => url.searchParams.get('date') === null && url.searchParams.get('agent') === null);
    expect(params(page).get('tab')).toBe('delivered');
    await context.close();
  });

  it('opens the new-order dialog with Alt+N, even from the search box', async () => {
    const { context, page } = await signedInPage(browser(), DEMO.owner);
    await page.goto('/build/dashboard/orders');
    await rowsLoaded(page);
    await page.getByLabel('Search orders').click();
    const dialog = await newOrderByShortcut(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(params(page).get('dialog')).toBeNull();
    await context.close();
  });

  it('opens the new-order dialog with Alt+N at phone width, where the closed menu stays mounted', async () => {
    const { context, page } = await signedInPage(browser(), DEMO.owner, { width: 390, height: 844 });
    await page.goto('/build/dashboard/orders');
    await rowsLoaded(page);
    await newOrderByShortcut(page);
    await context.close();
  });

  it('keeps the chosen columns across a reload (userColumns2)', async () => {
    const { context, page } = await signedInPage(browser(), DEMO.owner);
    await page.goto('/build/dashboard/orders?tab=all');
    await rowsLoaded(page);
    const agentHeader = page.locator('th[data-column="agent"]');
    await agentHeader.waitFor();

    await page.getByTestId('columns-button').click();
    await page.getByTestId('column-toggle-agent').click();
    await page.getByTestId('column-toggle-campaign_id').click();
    await page.keyboard.press('Escape');
    await agentHeader.waitFor({ state: 'detached' });

    await page.reload();
    await rowsLoaded(page);
    await page.locator('th[data-column="campaign_id"]').waitFor();
    expect(await agentHeader.count()).toBe(0);
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('userColumns2')))!) as string[];
    expect(stored).toContain('campaign_id');
    expect(stored).not.toContain('agent');

    // SPEC 2.4: the tracking and shipping columns are hidden in inProcess whatever the choice.
    await page.getByTestId('tab-inProcess').click();
    await page.waitForURL((url) => url.searchParams.get('tab') === null);
    await expect.poll(() => page.locator('th[data-column="tracking_number"]').count()).toBe(0);
    expect(await page.locator('th[data-column="id"]').count()).toBe(1);
    await page.getByTestId('tab-inDelivery').click();
    await page.locator('th[data-column="tracking_number"]').waitFor();
    await context.close();
  });

  it('lays the screen out right to left in Arabic, and fits a 390 px phone', async () => {
    const { context, page } = await signedInPage(browser(), DEMO.owner);
    await page.goto('/build/dashboard/orders');
    await rowsLoaded(page);
    await screenshot(page, 'orders-en');

    await page.getByTestId('order-row').nth(1).getByTestId('customer-name').click();
    await page.getByTestId('add-order').click();
    await page.getByTestId('order-dialog').waitFor();
    await settle(page);
    await screenshot(page, 'orders-dialog-en');
    await page.keyboard.press('Escape');

    await page.evaluate(() => localStorage.setItem('appLocale', 'ar'));
    await page.goto('/build/dashboard/orders?tab=inDispatch');
    await rowsLoaded(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('heading', { name: 'الطلبات', level: 1 }).waitFor();
    await page.getByTestId('indispatch-notice').waitFor();
    expect(await page.locator('th[data-column="id"]').textContent()).toBe('الطلب');
    // In RTL the first column (selection) sits at the right of the table.
    const table = (await page.getByTestId('orders-table').boundingBox())!;
    const select = (await page.locator('th').first().boundingBox())!;
    expect(select.x).toBeGreaterThan(table.x + table.width / 2);
    await screenshot(page, 'orders-ar');
    await page.goto('/build/dashboard/orders?dialog=create');
    await page.getByTestId('order-dialog').waitFor();
    await settle(page);
    await screenshot(page, 'orders-dialog-ar');
    await context.close();

    const phone = await signedInPage(browser(), DEMO.owner, { width: 390, height: 844 });
    await phone.page.goto('/build/dashboard/orders');
    await rowsLoaded(phone.page);
    // Tabs become a dropdown; the page itself never scrolls sideways (the table scrolls inside).
    await phone.page.getByTestId('orders-tab-select').waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(phone.page, 'orders-phone-en');
    await phone.page.getByTestId('mobile-filters-button').click();
    const filters = phone.page.getByTestId('mobile-filters-dialog');
    await filters.getByRole('button', { name: 'Apply Filters' }).waitFor();
    await filters.getByRole('button', { name: 'Clear All' }).waitFor();
    await choose(phone.page, 'filter-date', 'Yesterday');
    await settle(phone.page);
    await screenshot(phone.page, 'orders-phone-filters-en');
    await filters.getByRole('button', { name: 'Apply Filters' }).click();
    await phone.page.waitForURL((url) => url.searchParams.get('date') === 'yesterday');
    await phone.page.goto('/build/dashboard/orders?dialog=create');
    const dialog = phone.page.getByTestId('order-dialog');
    await dialog.waitFor();
    const box = (await dialog.locator('.MuiDialog-paper').boundingBox())!;
    expect(box.width).toBe(390);
    await settle(phone.page);
    await screenshot(phone.page, 'orders-phone-dialog-en');
    await phone.context.close();
  });
});
