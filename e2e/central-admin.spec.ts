import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, newPage, screenshot, sharedBrowser, signedInPage } from './support/browser.js';
import { centralSignIn, createShop, uniqueName } from './support/central.js';

// Issue 19: the central administration as an administrator clicks it, and what it enforces in shops.
const browser = sharedBrowser();

const PHONE = { width: 390, height: 844 };

/** Saves the open dialog, then waits until the first shop of the list shows `status`. */
async function saveAndSeeStatus(page: Page, status: string) {
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(() => page.getByTestId('subscription-status').first().textContent(), { timeout: 20_000 })
    .toBe(status);
}

describe('central administration', { timeout: 180_000 }, () => {
  it('records a payment with a receipt: valid_to moves and the shop badge changes', async () => {
    const cqName = uniqueName('paid');
    const admin = await newPage(browser());
    await centralSignIn(admin.page);
    await screenshot(admin.page, 'central-tenants-en');
    const id = await createShop(admin.page, cqName);
    const before = await admin.page.getByTestId('tenant-valid-to').textContent();
    expect(await admin.page.getByTestId('subscription-status').first().textContent()).toBe('Trial');

    // The owner's badge before: the Trial's 14 days, warning colour.
    const shop = await signedInPage(browser(), `${cqName}@shop.dz`);
    const badge = shop.page.getByRole('button', { name: /days? left/i }).first();
    expect(await badge.textContent()).toMatch(/1[34] days/);

    await admin.page.getByRole('link', { name: 'Record a payment' }).click();
    await admin.page.waitForURL(`**/build/central/payments/create?tenant=${id}`);
    await admin.page.getByRole('combobox').nth(1).click();
    await admin.page.getByRole('option', { name: /^Pro/ }).click();
    await admin.page.getByRole('combobox').nth(2).click();
    await admin.page.getByRole('option', { name: '12 months' }).click();
    await admin.page.getByLabel('Amount (DA)').fill('59000');
    await admin.page.getByLabel('Reference').fill('CCP 0012345 67');
    await admin.page.getByTestId('payment-receipt').setInputFiles({
      name: 'recu.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    });
    await screenshot(admin.page, 'central-payment-create-en');
    await admin.page.locator('form button[type="submit"]').click();
    await admin.page.waitForURL(`**/build/central/tenants/show?id=${id}`);
    await expect
      .poll(() => admin.page.getByTestId('tenant-valid-to').textContent(), { timeout: 20_000 })
      .not.toBe(before);
    expect(await admin.page.getByTestId('subscription-status').first().textContent()).toBe('Active');
    await admin.page.getByText('CCP 0012345 67').waitFor();
    await screenshot(admin.page, 'central-tenant-show-en');

    // The shop's badge: a year and more left, calm colour; the dialog names the plan.
    await shop.page.reload();
    await expect
      .poll(
        async () =>
          (await shop.page
            .getByRole('button', { name: /days? left/i })
            .first()
            .textContent()) ?? '',
        {
          timeout: 20_000,
        },
      )
      .toMatch(/3\d\d days/);
    await admin.context.close();
    await shop.context.close();
  });

  it('an expired shop lands on the expired page from every screen; a suspended one too', async () => {
    const cqName = uniqueName('late');
    const admin = await newPage(browser());
    await centralSignIn(admin.page);
    await createShop(admin.page, cqName);
    // Correct the end date to long ago: past the grace days, the shop is expired at once.
    await admin.page.getByRole('button', { name: 'Extend' }).click();
    await admin.page.getByTestId('extend-valid-to').fill('2025-01-31');
    await saveAndSeeStatus(admin.page, 'Expired');

    const shop = await newPage(browser());
    await shop.page.goto('/build/login');
    await shop.page.getByLabel('Email').fill(`${cqName}@shop.dz`);
    await shop.page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await shop.page.getByRole('button', { name: 'Sign in' }).click();
    await shop.page.waitForURL('**/build/subscription/expired');
    await shop.page.getByRole('heading', { name: 'Your subscription has expired' }).waitFor();
    await shop.page.goto('/build/dashboard/orders');
    await shop.page.waitForURL('**/build/subscription/expired');
    await screenshot(shop.page, 'central-expired-shop-en');

    // Suspended: the same page, saying so.
    await admin.page.getByRole('button', { name: 'Extend' }).click();
    await admin.page.getByLabel('Days').fill('30');
    await saveAndSeeStatus(admin.page, 'Trial');
    await admin.page.getByRole('button', { name: 'Suspend' }).click();
    await saveAndSeeStatus(admin.page, 'Suspended');
    await shop.page.goto('/build/dashboard');
    await shop.page.waitForURL('**/build/subscription/expired');
    await shop.page.getByRole('heading', { name: 'Your shop is suspended' }).waitFor();
    await admin.context.close();
    await shop.context.close();
  });

  it('the floating WhatsApp button carries the central support number and names the shop', async () => {
    const admin = await newPage(browser());
    await centralSignIn(admin.page);
    await admin.page.goto('/build/central/dashboard');
    const number = admin.page.getByTestId('support-whatsapp');
    await number.fill('+213 555 12 34 56');
    await admin.page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => number.inputValue(), { timeout: 20_000 }).toBe('213555123456');
    await screenshot(admin.page, 'central-dashboard-en');
    const cqName = uniqueName('wa');
    await createShop(admin.page, cqName);

    const shop = await signedInPage(browser(), `${cqName}@shop.dz`);
    const link = shop.page.getByTestId('support-whatsapp');
    await link.waitFor();
    const href = (await link.getAttribute('href')) ?? '';
    expect(href.startsWith('https://wa.me/213555123456?text=')).toBe(true);
    expect(decodeURIComponent(href.split('?text=')[1]!)).toContain(cqName);
    await admin.context.close();
    await shop.context.close();
  });

  it('every central screen in Arabic and at phone width', async () => {
    const { context, page } = await newPage(browser(), PHONE);
    await centralSignIn(page, 'ar');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    for (const route of [
      'tenants/show',
      'plans',
      'subscriptions',
      'payments',
      'payments/create',
      'dashboard',
      'tutorials',
    ]) {
      await page.goto(`/build/central/${route}`);
      await page.locator('main h1, main table, main form').first().waitFor();
      await page.waitForTimeout(300);
      await screenshot(page, `central-${route.replace('/', '-')}-ar-phone`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, route).toBeLessThanOrEqual(1);
    }
    await context.close();
    const wide = await newPage(browser());
    await centralSignIn(wide.page, 'fr');
    await wide.page.goto('/build/central/plans');
    await wide.page.locator('main table').waitFor();
    await screenshot(wide.page, 'central-plans-fr');
    await wide.context.close();
  });
});
