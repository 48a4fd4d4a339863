import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, newPage, screenshot, sharedBrowser, signedInPage, signIn } from './support/browser.js';

// Issue 19.5, 19.6 and 19.4: sign up from the landing page in Arabic, approve from the waiting list,
// sign in as the new owner, and pay online through the Chargily sandbox (its webhook delivered twice).
const browser = sharedBrowser();

const PHONE = { width: 390, height: 844 };
const stamp = Date.now().toString(36);
const email = `signup-${stamp}@shop.dz`;
const shopName = `Boutique ${stamp}`;
let invitation = '';

async function centralSignIn(page: Page) {
  await page.goto('/build/central/auth/login');
  await page.locator('input[type="email"]').fill('admin@central.dz');
  await page.locator('input[type="password"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL('**/build/central/tenants/show');
}

describe('public sign-up, waiting list and online payment', { timeout: 240_000 }, () => {
  it('signs up from the Arabic landing page: field errors first, then the waiting list', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/build/central/auth/landingpage');
    await page.evaluate(() => localStorage.setItem('appLocale', 'ar'));
    await page.reload();
    await page.getByTestId('landing-plan').first().waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await screenshot(page, 'central-landing-ar');

    await page.getByRole('link', { name: 'سجّل مجانًا' }).first().click();
    await page.waitForURL('**/build/central/auth/register');
    await page.getByTestId('register-phone').fill('123');
    await page.getByTestId('register-email').fill('not-an-email');
    await page.getByRole('button', { name: 'تسجيل', exact: true }).click();
    await expect.poll(() => page.getByTestId('register-shop_name').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('register-phone').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('register-email').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'central-register-errors-ar');

    await page.getByTestId('register-shop_name').fill(shopName);
    await page.getByTestId('register-owner_name').fill('ياسين');
    await page.getByTestId('register-phone').fill(`0661${String(Date.now()).slice(-6)}`);
    await page.getByTestId('register-email').fill(email);
    await page.getByTestId('register-wilaya').getByRole('combobox').click();
    await page.getByRole('option', { name: /^16 ·/ }).click();
    await page.getByTestId('register-expected_orders').fill('300');
    await page.getByRole('button', { name: 'تسجيل', exact: true }).click();
    await page.waitForURL('**/build/central/auth/successpage?status=waiting');
    expect(await page.getByTestId('register-success-title').textContent()).toBe('أنت في قائمة الانتظار');
    await screenshot(page, 'central-register-success-ar');
    await context.close();

    const phone = await newPage(browser(), PHONE);
    await phone.page.goto('/build/central/auth/register');
    await phone.page.evaluate(() => localStorage.setItem('appLocale', 'ar'));
    await phone.page.reload();
    await phone.page.getByTestId('register-shop_name').waitFor();
    await screenshot(phone.page, 'central-register-ar-phone');
    await phone.context.close();
  });

  it('approves the sign-up from the waiting list; the owner sets a password and signs in', async () => {
    const { context, page } = await newPage(browser());
    await centralSignIn(page);
    await page.goto('/build/central/waitinglist');
    const row = page.getByTestId(`waiting-${email}`);
    await row.waitFor();
    await screenshot(page, 'central-waitinglist-en');
    await row.getByRole('button', { name: 'Approve' }).click();
    await page.getByTestId('waiting-confirm').click();
    const link = page.getByTestId('invitation-link');
    await link.waitFor();
    invitation = (await link.textContent()) ?? '';
    expect(invitation).toContain('/build/resetpassword?token=');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();
    await page.getByRole('tab', { name: 'Approved' }).click();
    await page.getByTestId(`waiting-${email}`).getByRole('link', { name: 'Open the shop' }).waitFor();

    await page.goto('/build/central/dashboard');
    await page.getByTestId('dash-mrr').waitFor();
    await page.locator('.MuiChartsSurface-root, svg.MuiChartsSurface-root').first().waitFor();
    await screenshot(page, 'central-dashboard-en');
    await context.close();

    const owner = await newPage(browser());
    const url = new URL(invitation);
    await owner.page.goto(`${url.pathname}${url.search}`);
    const passwords = owner.page.locator('input[type="password"]');
    await passwords.nth(0).fill(DEMO_PASSWORD);
    await passwords.nth(1).fill(DEMO_PASSWORD);
    await owner.page.locator('button[type="submit"]').click();
    await owner.page
      .getByRole('link', { name: /sign in|login/i })
      .first()
      .waitFor();
    await signIn(owner.page, email);
    await owner.context.close();
  });

  it('pays now through the Chargily sandbox: the subscription is extended once', async () => {
    const { context, page } = await signedInPage(browser(), email);
    // The owner signed up in Arabic (their account's language); this test reads English.
    await page.evaluate(() => localStorage.setItem('appLocale', 'en'));
    await page.reload();
    const badge = page.getByRole('button', { name: /days? left/i }).first();
    expect(await badge.textContent()).toMatch(/1[34] days/);
    await badge.click();
    await page.getByTestId('pay-now').click();
    await page.getByTestId('pay-total').waitFor();
    await page.getByRole('radio', { name: /^Basic/ }).check();
    await screenshot(page, 'subscription-pay-now-en');
    await page.getByTestId('pay-continue').click();
    await page.waitForURL('**/chargily-sandbox/checkouts/*');
    await screenshot(page, 'chargily-sandbox-checkout');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL('**/build/dashboard*');
    await expect
      .poll(
        async () =>
          (await page
            .getByRole('button', { name: /days? left/i })
            .first()
            .textContent()) ?? '',
        {
          timeout: 20_000,
        },
      )
      .toMatch(/4[1-5] days/);
    await context.close();

    // Delivered twice by the sandbox, recorded once.
    const admin = await newPage(browser());
    await centralSignIn(admin.page);
    await admin.page.goto('/build/central/payments');
    await admin.page.getByText(shopName).first().waitFor();
    expect(await admin.page.getByRole('row').filter({ hasText: shopName }).count()).toBe(1);
    await screenshot(admin.page, 'central-payments-chargily-en');
    await admin.context.close();
  });
});
