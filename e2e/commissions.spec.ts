import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, newPage, screenshot, sharedBrowser, signedInPage, signIn } from './support/browser.js';
import { apiCall, unique } from './support/catalogue.js';

async function settle(page: Page): Promise<void> {
  await page.locator('h1').waitFor();
  await page.waitForFunction(() => !document.querySelector('[role="progressbar"][aria-busy="true"]'));
  await page.waitForTimeout(300);
}

const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ').trim();

/** A row's amount cell as shown (fr-DZ, "DA"). */
async function cell(page: Page, agent: string, column: string): Promise<string> {
  const row = page.getByTestId('commission-row').and(page.locator(`[data-name="${agent}"]`));
  return plain(await row.getByTestId(`commission-${column}`).textContent());
}

describe('agent commissions (issue 13.5)', () => {
  const browser = sharedBrowser();

  it("an agent sees the month's commissions: two confirmed orders earned, a cancelled one reversed", async () => {
    const owner = await signedInPage(browser(), DEMO.owner);
    const name = unique('Agent Commission');
    const email = `commission-${Date.now().toString(36)}@demo.dz`;
    const roles = await apiCall<{ data: Array<{ id: number; name: string }> }>(owner.page, 'GET', '/dashboard/roles');
    const agentRole = roles.data.find((r) => r.name === 'Support Agent')!;
    const created = await apiCall<{ user: { id: number } }>(owner.page, 'POST', '/dashboard/users', {
      name,
      email,
      phone: '',
      role_id: agentRole.id,
      password: 'agent-pass-2026',
      commission_type: 'fixed',
      commission_amount: 120,
      commission_on: 'confirmed',
    });
    const agentId = created.user.id;
    const product = await apiCall<{ id: number }>(owner.page, 'POST', '/dashboard/products', {
      name: unique('Montre commission'),
      sku: unique('COM').replace(/\s/g, '-'),
      price: 2500,
      cost_price: 1000,
      initial_stock: 20,
    });
    const statuses = await apiCall<{ data: Array<{ id: number; name: string }> }>(
      owner.page,
      'GET',
      '/dashboard/statuses',
    );
    const status = (n: string) => statuses.data.find((s) => s.name === n)!.id;
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const order = await apiCall<{ data: { id: number } }>(owner.page, 'POST', '/dashboard/orders', {
        customer_full_name: 'Client Commission',
        customer_phone_1: `0550${String(Date.now() + i).slice(-6)}`,
        state_id: 16,
        city_id: 1601,
        customer_address: 'Rue Larbi Ben Mhidi',
        products: [{ product_id: product.id, quantity: 1 }],
        agent_id: agentId,
      });
      ids.push(order.data.id);
    }
    await apiCall(owner.page, 'POST', '/dashboard/orders/bulk-status-update', {
      status: status('confirmed'),
      order_ids: ids,
    });
    // The customer cancels the second: its commission is reversed.
    await apiCall(owner.page, 'POST', '/dashboard/orders/bulk-status-update', {
      status: status('cancelled'),
      order_ids: [ids[1]],
    });

    // The agent signs in and opens their commissions from the home page's card.
    const agent = await newPage(browser());
    await signIn(agent.page, email, 'agent-pass-2026');
    await agent.page.getByTestId('home-commission').click();
    await agent.page.waitForURL('**/build/dashboard/commissions');
    await settle(agent.page);
    await agent.page.getByTestId('commission-row').first().waitFor();
    expect(await agent.page.getByTestId('commission-row').count()).toBe(1);
    expect(await cell(agent.page, name, 'earned')).toBe('240,00 DA');
    expect(await cell(agent.page, name, 'reversed')).toBe('120,00 DA');
    expect(await cell(agent.page, name, 'net')).toBe('120,00 DA');
    expect(await cell(agent.page, name, 'due')).toBe('120,00 DA');
    expect(await agent.page.getByTestId('commission-line').count()).toBe(3);
    expect(plain(await agent.page.getByTestId('commission-totals').textContent())).toContain('120,00 DA');
    // No payout button for an agent.
    expect(await agent.page.getByRole('button', { name: 'Pay', exact: true }).count()).toBe(0);
    await screenshot(agent.page, 'commissions-agent-en');

    // At phone width the table scrolls inside its card; the page itself does not.
    await agent.page.setViewportSize({ width: 390, height: 844 });
    await agent.page.waitForTimeout(300);
    const overflow = await agent.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await screenshot(agent.page, 'commissions-agent-phone-en');

    // In Arabic (the agent's own account chooses it): the page turns right-to-left, the heading and
    // the columns are Arabic, and the amounts keep the fr-DZ form with DA, written left-to-right
    // inside the RTL page (decision 0099).
    await agent.page.setViewportSize({ width: 1440, height: 900 });
    await agent.page.getByRole('button', { name: 'Language' }).click();
    await agent.page.getByRole('menuitem', { name: 'العربية' }).click();
    await agent.page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await agent.page.goto('/build/dashboard/commissions');
    await settle(agent.page);
    expect(await agent.page.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).toEqual([
      'rtl',
      'ar',
    ]);
    expect(plain(await agent.page.locator('h1').textContent())).toBe('العمولات');
    expect(await agent.page.getByRole('columnheader', { name: 'المستحق' }).count()).toBeGreaterThan(0);
    await agent.page.getByTestId('commission-row').first().waitFor();
    expect(await cell(agent.page, name, 'earned')).toBe('240,00 DA');
    expect(await cell(agent.page, name, 'due')).toBe('120,00 DA');
    const due = agent.page
      .getByTestId('commission-row')
      .and(agent.page.locator(`[data-name="${name}"]`))
      .getByTestId('commission-due');
    expect(await due.evaluate((el) => getComputedStyle(el.querySelector('[dir="ltr"]') ?? el).direction)).toBe('ltr');
    // The month's lines read "earned" / "reversed" in Arabic, dated day/month/year 24-hour in Western
    // digits, as every date of the web (issue 12 item 8).
    const line = plain(await agent.page.getByTestId('commission-line').first().textContent());
    expect(line).toMatch(/مكتسب|ملغى/);
    expect(line).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    const overflowAr = await agent.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflowAr).toBeLessThanOrEqual(1);
    await screenshot(agent.page, 'commissions-agent-ar');

    // The owner sees the same agent among all, with the payout button.
    await owner.page.goto('/build/dashboard/commissions');
    await settle(owner.page);
    await owner.page
      .getByTestId('commission-row')
      .and(owner.page.locator(`[data-name="${name}"]`))
      .waitFor();
    expect(await cell(owner.page, name, 'due')).toBe('120,00 DA');

    // Issue 13.6: the order dialog shows the owner (who sees cost prices) the order's expected profit:
    // 2 500 sold - 1 000 purchase cost - 120 commission (the delivery charged pays the carrier's fee).
    await owner.page.goto(`/build/dashboard/orders?dialog=edit&id=${ids[0]}`);
    await owner.page.getByTestId('order-profit-value').waitFor();
    expect(plain(await owner.page.getByTestId('order-profit-value').textContent())).toBe('+1 380,00 DA');
    await owner.page.getByTestId('order-profit').scrollIntoViewIfNeeded();
    await screenshot(owner.page, 'order-profit-en');

    await owner.context.close();
    await agent.context.close();
    // Two users, two languages and the order dialog: more than the default minute on a loaded machine.
  }, 180_000);
});
