import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, newPage, screenshot, sharedBrowser, signIn } from './support/browser.js';

/** Pixels wider than the viewport mean something overflows sideways (390 px phones). */
async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

async function settle(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForFunction(() => !document.querySelector('[role="progressbar"][aria-busy="true"]'));
  await page.waitForTimeout(400);
}

describe('screenshots (e2e/artifacts)', () => {
  const browser = sharedBrowser();

  it('login, dashboard in English and Arabic, desktop and phone', async () => {
    for (const viewport of [
      { width: 1440, height: 900, suffix: '' },
      { width: 390, height: 844, suffix: '-phone' },
    ]) {
      const { context, page } = await newPage(browser(), viewport);
      await page.goto('/build/login');
      await settle(page);
      await screenshot(page, `login${viewport.suffix}`);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

      await signIn(page, DEMO.owner);
      await settle(page);
      await screenshot(page, `dashboard-en${viewport.suffix}`);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

      await page.evaluate(() => localStorage.setItem('appLocale', 'ar'));
      await page.reload();
      await settle(page);
      await screenshot(page, `dashboard-ar${viewport.suffix}`);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

      await page.evaluate(() => localStorage.removeItem('appLocale'));
      await context.close();
    }
  });
});
