import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, sharedBrowser, signedInPage } from './support/browser.js';

/** SPEC 2.1: what the vertical navigation shows for a given account. */
async function sidebarTexts(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.waitFor();
  return (await nav.locator('a, [role="button"], button').allTextContents()).map((t) => t.trim()).filter(Boolean);
}

describe('sidebar visibility', () => {
  const browser = sharedBrowser();

  it('shows the owner Users and System > Statuses', async () => {
    const { context, page } = await signedInPage(browser(), DEMO.owner);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });

    const entries = await sidebarTexts(page);
    expect(entries).toEqual(expect.arrayContaining(['Home', 'Orders', 'Users', 'System', 'Products']));

    await nav.getByRole('button', { name: 'System' }).click();
    await nav.getByRole('link', { name: 'Statuses' }).click();
    await page.waitForURL('**/build/dashboard/statuses');
    await page.getByRole('heading', { level: 1, name: 'Statuses' }).waitFor();
    // SPEC 2.1: the group stays open on its active child, and the link is marked current.
    expect(await nav.getByRole('link', { name: 'Statuses' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('button', { name: 'System' }).getAttribute('aria-expanded')).toBe('true');
    await context.close();
  });

  it('shows the support agent Orders and Customers but not Users, Products or System', async () => {
    const { context, page } = await signedInPage(browser(), DEMO.agent);

    const entries = await sidebarTexts(page);

    expect(entries).toEqual(expect.arrayContaining(['Home', 'Orders', 'Customers']));
    for (const hidden of ['Users', 'Products', 'System', 'Statuses', 'Accounting']) {
      expect(entries).not.toContain(hidden);
    }
    await context.close();
  });

  it('opens a group on load when a child matches the address, and refuses a page the role lacks', async () => {
    const { context, page } = await signedInPage(browser(), DEMO.owner);
    await page.goto('/build/dashboard/expenses');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await nav.getByRole('button', { name: 'Accounting' }).getAttribute('aria-expanded')).toBe('true');
    await context.close();

    const agent = await signedInPage(browser(), DEMO.agent);
    await agent.page.goto('/build/dashboard/users');
    await agent.page.getByRole('heading', { level: 1, name: 'Access denied' }).waitFor();
    await agent.context.close();
  });
});
