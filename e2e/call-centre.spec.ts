import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOrderRow } from '@cod/shared';
import { DEMO, launchBrowser, newPage, screenshot, signIn } from './support/browser.js';
import { apiCall } from './support/catalogue.js';

/**
 * Issue 15.1, 15.2, 15.5 in the browser: an agent works three orders with the keyboard only
 * (N, an outcome key, N again), and the risk badge shows on a customer with two returns.
 */
let browser: Browser;
let owner: Page;

interface TCallCard {
  attempts: Array<{ outcome: string; user: { name: string } | null }>;
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page: owner } = await newPage(browser));
  await signIn(owner, DEMO.owner);
});
afterAll(() => browser?.close());

let phoneSeed = Date.now() % 1_000_000;
const freshPhone = () => `066${String((phoneSeed += 7919) % 10_000_000).padStart(7, '0')}`;

async function newOrder(phone: string, name: string, agentId?: number): Promise<TOrderRow> {
  const products = await apiCall<{
    data: Array<{ id: number; has_variants: boolean; variants: Array<{ id: number }> }>;
  }>(owner, 'GET', '/dashboard/products/options?per_page=50');
  const product = products.data.find((p) => !p.has_variants)!;
  const created = await apiCall<{ data: TOrderRow }>(owner, 'POST', '/dashboard/orders', {
    customer_full_name: name,
    customer_phone_1: phone,
    state_id: 16,
    city_id: 1601,
    customer_address: 'Rue Larbi Ben Mhidi',
    products: [{ product_id: product.id, quantity: 1 }],
    ...(agentId ? { agent_id: agentId } : {}),
  });
  return created.data;
}

async function statusId(type: string): Promise<number> {
  const statuses = await apiCall<{ data: Array<{ id: number; type: string; active?: boolean }> }>(
    owner,
    'GET',
    '/dashboard/statuses',
  );
  return statuses.data.find((s) => s.type === type)!.id;
}

describe('the call centre (issue 15)', () => {
  it('an agent works three orders with the keyboard only: N, an outcome, N', async () => {
    const agents = await apiCall<{ data: Array<{ id: number; name: string }> }>(owner, 'GET', '/dashboard/agents');
    const agentId = agents.data.find((a) => a.name === 'Yacine Meziane')!.id;
    // Three fresh orders for the agent, so the queue has work whatever the seed left.
    for (let i = 0; i < 3; i += 1) await newOrder(freshPhone(), `Client Clavier ${i + 1}`, agentId);

    const { page } = await newPage(browser);
    await signIn(page, DEMO.agent);
    await page.goto('/build/dashboard/orders');
    await page.getByTestId('next-order').waitFor();

    const worked: number[] = [];
    const keys = ['1', '2', '6'];
    const dialog = page.getByTestId('call-dialog');
    for (const [index, key] of keys.entries()) {
      await page.keyboard.press('n');
      await dialog.waitFor();
      // The dialog shows the next order (a different one each time), its phone as a tel: link.
      const orderBox = dialog.locator('[data-order-id]');
      await expect
        .poll(async () => Number(await orderBox.getAttribute('data-order-id').catch(() => '0')), { timeout: 15_000 })
        .not.toBe(worked.at(-1) ?? 0);
      const id = Number(await orderBox.getAttribute('data-order-id'));
      expect(worked).not.toContain(id);
      worked.push(id);
      expect(await dialog.getByTestId('call-phone').getAttribute('href')).toMatch(/^tel:0\d{8,9}$/);
      if (index === 0) await screenshot(page, 'call-centre-dialog-en');
      await page.keyboard.press(key);
      await dialog.getByTestId('call-recorded').waitFor();
    }
    expect(new Set(worked).size).toBe(3);

    // Each order kept its attempt, by the agent, with the outcome of its key.
    const outcomes = [];
    for (const id of worked) {
      const card = await apiCall<TCallCard>(owner, 'GET', `/dashboard/orders/${id}/call-card`);
      expect(card.attempts[0]!.user?.name).toBe('Yacine Meziane');
      outcomes.push(card.attempts[0]!.outcome);
    }
    expect(outcomes).toEqual(['no_answer', 'busy', 'confirmed']);
    const confirmed = await apiCall<TOrderRow>(owner, 'GET', `/dashboard/orders/${worked[2]}`);
    expect(confirmed.latest_status?.status.type).toBe('confirmed');
    await page.keyboard.press('Escape');
    await page.close();
  });

  it('shows the risk badge on a customer with two returns, and filters risky customers', async () => {
    const phone = freshPhone();
    const name = `Client Retours ${phone.slice(-4)}`;
    const returned = [await newOrder(phone, name), await newOrder(phone, name)];
    const current = await newOrder(phone, name);
    const ids = returned.map((o) => o.id);
    await apiCall(owner, 'POST', '/dashboard/orders/bulk-status-update', {
      status: await statusId('confirmed'),
      order_ids: ids,
    });
    // The demo's carrier sandbox takes the parcels; then both come back.
    const companies = await apiCall<{ data: Array<{ id: number; code: string }> }>(
      owner,
      'GET',
      '/dashboard/shipping-companies/options',
    );
    const company = companies.data.find((c) => c.code === 'yalidine') ?? companies.data[0]!;
    await apiCall(owner, 'POST', '/dashboard/orders/dispatch', { shipping_company_id: company.id, order_ids: ids });
    await apiCall(owner, 'POST', '/dashboard/orders/bulk-status-update', {
      status: await statusId('returned'),
      order_ids: ids,
    });

    await owner.goto(`/build/dashboard/orders?search=${phone}`);
    const row = owner.getByTestId('order-row').filter({ hasText: `#${current.order_number}` });
    await row.waitFor({ timeout: 15_000 });
    const badge = row.getByTestId('flag-risk');
    await badge.waitFor();
    expect(await badge.getAttribute('data-level')).toBe('high');
    expect(await badge.textContent()).toContain('100%');
    await screenshot(owner, 'call-centre-risk-badge-en');

    const risky = await apiCall<{ data: TOrderRow[] }>(owner, 'GET', '/dashboard/orders?tab=all&risky=1&per_page=100');
    expect(risky.data.map((r) => r.id)).toContain(current.id);
    expect(risky.data.every((r) => r.customer_risk?.level === 'high')).toBe(true);
  });
});
