import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, screenshot, sharedBrowser, signedInPage } from './support/browser.js';

// The demo's support agent (apps/server/src/db/seed/demo.ts).
const AGENT_NAME = 'Yacine Meziane';
const LIVE = { timeout: 15_000 };

const userRow = (page: Page, email: string) =>
  page.getByTestId('user-row').filter({ has: page.getByText(email, { exact: true }).first() });

/** Waits until the row's dot says online (true) or offline (false). */
async function presenceOf(row: Locator, online: boolean): Promise<void> {
  await row.locator(`[role="img"][data-online="${online}"]`).waitFor(LIVE);
}

/** A marker that only survives as long as the page is not reloaded. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { __notReloaded: true }));
}
const stillSamePage = (page: Page) =>
  page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded === true);

describe('presence (issue 7.4): the users list and the agent filter', () => {
  const browser = sharedBrowser();

  it('shows the agent online while they are signed in, offline once their page closes, without reload', async () => {
    const owner = await signedInPage(browser(), DEMO.owner);
    await owner.page.goto('/build/dashboard/users');
    const agentRow = userRow(owner.page, DEMO.agent);
    await agentRow.waitFor();
    // The owner is here; the agent is not signed in anywhere (earlier tests closed their pages).
    await presenceOf(userRow(owner.page, DEMO.owner), true);
    await presenceOf(agentRow, false);
    expect(await agentRow.getByTestId('user-last-seen').textContent()).not.toBe('Online');
    await markPage(owner.page);

    const agent = await signedInPage(browser(), DEMO.agent);
    await presenceOf(agentRow, true);
    expect(await agentRow.getByTestId('user-last-seen').textContent()).toBe('Online');
    expect(await agentRow.locator('[role="img"]').getAttribute('aria-label')).toBe('Online');
    await screenshot(owner.page, 'users-presence-online');

    // The Orders screen's agent filter: a dot before the agent's name, green while they are here.
    const orders = await owner.context.newPage();
    await orders.goto('/build/dashboard/orders');
    await orders.getByTestId('filter-agent').locator('[role="combobox"]').click();
    const option = orders.getByRole('option', { name: AGENT_NAME });
    await option.waitFor();
    await option.locator('[role="img"][data-online="true"]').waitFor(LIVE);
    await orders.keyboard.press('Escape');
    await orders.close();

    await agent.page.close();
    await presenceOf(agentRow, false);
    // Just gone: the relative time of the change, not a placeholder.
    expect(await agentRow.getByTestId('user-last-seen').textContent()).toMatch(/^(now|1 minute ago)$/);
    expect(await stillSamePage(owner.page)).toBe(true);
    await presenceOf(userRow(owner.page, DEMO.owner), true);

    await agent.context.close();
    await owner.context.close();
  });
});
