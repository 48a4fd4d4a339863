import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from './browser.js';

/** The demo's central administrator (issue 19). */
export const CENTRAL_ADMIN = 'admin@central.dz';

export async function centralSignIn(page: Page, locale: 'en' | 'fr' | 'ar' = 'en') {
  await page.goto('/build/central/auth/login');
  if (locale !== 'en') {
    await page.evaluate((l) => localStorage.setItem('appLocale', l), locale);
    await page.reload();
  }
  await page.locator('input[type="email"]').fill(CENTRAL_ADMIN);
  await page.locator('input[type="password"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL('**/build/central/tenants/show');
}

/** A shop of its own (created from the central screen), so other specs' demo shop is untouched. */
export async function createShop(page: Page, cqName: string) {
  await page.goto('/build/central/tenants/create');
  const fields = page.locator('form input');
  await fields.nth(0).fill(cqName);
  await fields.nth(1).fill(`Boutique ${cqName}`);
  await fields.nth(2).fill('Nadia Owner');
  await fields.nth(3).fill(`${cqName}@shop.dz`);
  await fields.nth(4).fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL('**/build/central/tenants/show?id=*');
  await page.getByTestId('tenant-valid-to').waitFor();
  return Number(new URL(page.url()).searchParams.get('id'));
}

export const uniqueName = (prefix: string) => `${prefix}-${Date.now().toString(36)}`;
