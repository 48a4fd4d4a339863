import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, screenshot, sharedBrowser, signedInPage } from './support/browser.js';

/** Issue 12: what sellers found on the Orders screen (items 1, 4, 5, 6, 8). */

const LANGUAGE_BUTTON =
  'header button[aria-label="Language"], header button[aria-label="Langue"], header button[aria-label="اللغة"]';

async function switchLanguage(page: Page, name: string, dir: 'ltr' | 'rtl') {
  await page.locator(LANGUAGE_BUTTON).first().click();
  await page.getByRole('menuitem', { name }).click();
  await page.waitForFunction((d) => document.documentElement.dir === d, dir);
}

async function openOrders(page: Page, tab = 'inProcess') {
  await page.goto(`/build/dashboard/orders?tab=${tab}`);
  await page.getByTestId('order-row').first().waitFor();
}

const headerText = (page: Page, column: string) =>
  page.getByTestId('orders-table').locator(`thead th[data-column="${column}"]`).innerText();

/** Picks an option of an MUI select by its visible text. */
async function choose(page: Page, testId: string, option: string | RegExp) {
  await page.getByTestId(testId).locator('[role="combobox"]').click();
  await page.getByRole('option', { name: option }).first().click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

describe('orders: issue 12 seller fixes', () => {
  const browser = sharedBrowser();

  it('item 1: switching en -> fr -> ar re-renders tabs, filters and column headers without a reload', async () => {
    const { context, page } = await signedInPage(browser(), DEMO.owner);
    await openOrders(page);
    // A reload would lose this marker: the switch must happen in the same document.
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    await page.evaluate(() => window.scrollTo(0, 200));

    const expected = [
      {
        name: 'English',
        dir: 'ltr' as const,
        tab: 'To confirm',
        header: 'Customer',
        filter: 'Agent',
        bulk: 'Bulk actions',
      },
      {
        name: 'Français',
        dir: 'ltr' as const,
        tab: 'À confirmer',
        header: 'Client',
        filter: 'Agent',
        bulk: 'Actions groupées',
      },
      {
        name: 'العربية',
        dir: 'rtl' as const,
        tab: 'للتأكيد',
        header: 'الزبون',
        filter: 'الوكيل',
        bulk: 'إجراءات جماعية',
      },
    ];
    for (const language of expected.slice(1)) {
      await switchLanguage(page, language.name, language.dir);
      await page.waitForFunction(
        (text) => document.querySelector('thead th[data-column="customer_full_name"]')?.textContent === text,
        language.header,
      );
      expect(await headerText(page, 'customer_full_name')).toBe(language.header);
      expect(await page.getByTestId('tab-inProcess').innerText()).toContain(language.tab);
      expect(await page.getByTestId('filter-agent').locator('label').innerText()).toBe(language.filter);
      expect(await page.getByTestId('bulk-actions-button').innerText()).toContain(language.bulk);
      expect(await headerText(page, 'latest_status')).not.toBe('Status');
      expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    }
    // Back to English for the other specs (the choice is stored on the account).
    await switchLanguage(page, 'English', 'ltr');
    await page.waitForFunction(
      () => document.querySelector('thead th[data-column="customer_full_name"]')?.textContent === 'Customer',
    );
    await context.close();
  });

  for (const lang of ['en', 'ar'] as const) {
    it(`item 4: at 1440x900 (${lang}) the status and the row actions are on screen without scrolling sideways`, async () => {
      const { context, page } = await signedInPage(browser(), DEMO.manager, { width: 1440, height: 900 });
      await page.evaluate((l) => localStorage.setItem('appLocale', l), lang);
      await openOrders(page);
      const row = page.getByTestId('order-row').first();
      for (const column of ['latest_status', 'actions']) {
        const box = (await row.locator(`td[data-column="${column}"]`).boundingBox())!;
        expect(box.x, column).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, column).toBeLessThanOrEqual(1440);
        expect(box.width, column).toBeGreaterThan(20);
      }
      // The actions stay in view even where the table must scroll (a narrower laptop).
      await page.setViewportSize({ width: 1280, height: 800 });
      const actions = (await row.locator('td[data-column="actions"]').boundingBox())!;
      expect(actions.x).toBeGreaterThanOrEqual(0);
      expect(actions.x + actions.width).toBeLessThanOrEqual(1280);
      await page.setViewportSize({ width: 1440, height: 900 });
      await screenshot(page, `issue12-orders-${lang}-1440`);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForTimeout(300);
      await screenshot(page, `issue12-orders-${lang}-390`);
      await context.close();
    });
  }

  it("item 5: the order dialog offers the chosen company's stop desks only, none before a company", async () => {
    const { context, page } = await signedInPage(browser(), DEMO.owner);
    await openOrders(page);
    await page.getByTestId('add-order').click();
    const dialog = page.getByTestId('order-dialog');
    await dialog.waitFor();
    await choose(page, 'order-state', /Alger$/);
    await dialog.getByTestId('order-stopdesk').locator('input').check();
    // No company yet: no centre list, a hint to pick the company.
    expect(await dialog.getByTestId('order-stopdesk-centre').count()).toBe(0);
    await dialog.getByText('Choose the shipping company to see its stop desks').waitFor();

    const desks = page.waitForResponse((r) => /\/shipping-companies\/\d+\/stop-desks/.test(r.url()));
    await choose(page, 'order-shipping-company', 'Yalidine');
    expect(new URL((await desks).url()).searchParams.get('state_id')).toBe('16');
    await dialog.getByTestId('order-stopdesk-centre').locator('[role="combobox"]').click();
    const yalidine = await page.getByRole('option').allInnerTexts();
    expect(yalidine.length).toBeGreaterThan(0);
    expect(yalidine.join(' ')).toMatch(/BAB EZZOUAR|Agence/i);
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });

    // Another carrier without centres in Alger: nothing to choose, and the choice was cleared.
    await choose(page, 'order-shipping-company', /NOEST/);
    await dialog.getByText('This shipping company has no stop desk in this wilaya').waitFor();
    expect(await dialog.getByTestId('order-stopdesk-centre').count()).toBe(0);
    await context.close();
  });

  it('item 6: Go Back asks first, from the row menu and from the bulk menu of the Ready tab', async () => {
    const { context, page } = await signedInPage(browser(), DEMO.owner);
    await openOrders(page, 'ready');
    const row = page.getByTestId('order-row').first();
    const number = await row.getAttribute('data-order-number');
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/go-back')) calls += 1;
    });

    await row.getByTestId('row-more').click();
    await page.getByRole('menuitem', { name: 'Go Back' }).click();
    const confirm = page.getByRole('dialog', { name: 'Move back to processing?' });
    await confirm.waitFor();
    await screenshot(page, 'issue12-go-back-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(calls).toBe(0);
    expect(await page.locator(`[data-order-number="${number}"]`).count()).toBe(1);

    await row.locator('input[type="checkbox"]').check();
    await page.getByTestId('bulk-actions-button').click();
    await page.getByTestId('bulk-go_back').click();
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain('The order goes back to the To confirm tab');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(calls).toBe(0);
    await context.close();
  });

  it('item 8: the date-time picker writes and shows Y-m-d H:i, 24-hour', async () => {
    const { context, page } = await signedInPage(browser(), DEMO.manager);
    await page.evaluate(() => localStorage.setItem('appLocale', 'fr'));
    await openOrders(page);
    // The first row whose status can still be postponed.
    for (let i = 0; ; i += 1) {
      await page.getByTestId('order-row').nth(i).getByTestId('row-more').click();
      const report = page.getByRole('menuitem', { name: /rappel/i });
      if (await report.count()) {
        await report.click();
        break;
      }
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });
    }
    const picker = page.getByTestId('report-date');
    await picker.waitFor();
    const day = picker.getByTestId('report-date-date').locator('input[data-format="Y-m-d"]');
    expect(await day.getAttribute('placeholder')).toBe('YYYY-MM-DD');
    const next = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await day.fill(next);
    expect(await day.inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // 24-hour lists: 00..23.
    await picker.getByRole('combobox').nth(0).click();
    const hours = await page.getByRole('option').allInnerTexts();
    expect(hours[0]).toBe('00');
    expect(hours).toHaveLength(24);
    await page.getByRole('option', { name: '17' }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    expect(await picker.getByTestId('report-date-value').innerText()).toBe(`${next} 17:00`);
    await screenshot(page, 'issue12-report-date-fr');
    await context.close();
  });
});
