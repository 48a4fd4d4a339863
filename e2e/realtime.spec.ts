import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, newPage, restartServer, sharedBrowser, signIn } from './support/browser.js';
import { apiCall } from './support/catalogue.js';

interface TCreated {
  id: number;
  order_number: number;
}

const phoneNumber = () => `06${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const tag = () => Date.now().toString(36).slice(-6);

async function choose(page: Page, select: Locator, option: string | RegExp) {
  await select.locator('[role="combobox"]').click();
  await page.getByRole('option', { name: option }).first().click();
}

/**
 * Counts the Socket.IO connections a page completes (the server's CONNECT answer, "40{...}", in a
 * polling response or a WebSocket frame): 1 after the first connect, one more per reconnection.
 */
function watchRealtime(page: Page): { connects: number } {
  const state = { connects: 0 };
  const count = (body: string) => {
    for (const packet of body.split('\x1e')) if (packet.startsWith('40')) state.connects += 1;
  };
  page.on('response', (response) => {
    if (!response.url().includes('/socket.io/') || response.request().method() !== 'GET') return;
    response.text().then(count, () => undefined);
  });
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/socket.io/')) return;
    socket.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string') count(payload);
    });
  });
  return state;
}

/** The In process tab's count, once the list has loaded it. */
async function inProcessCount(page: Page): Promise<number | null> {
  const text = (await page.getByTestId('tab-count-inProcess').textContent()) ?? '';
  const digits = text.replace(/\D/g, '');
  return digits ? Number(digits) : null;
}

/** The SPEC 9 new-order toast, in the user's language (the demo manager works in French). */
const newOrderToast = (page: Page, order: TCreated) =>
  page.getByText(new RegExp(`^(New order|Nouvelle commande|طلب جديد) ${order.order_number}$`));

const SOCKET_IO = '**/socket.io/**';
const rowsOf = (page: Page, id: number) => page.locator(`[data-testid="order-row"][data-order-id="${id}"]`);

/** An order made through the API the dialog uses, with the page's signed-in user. */
async function createOrderByApi(page: Page, name: string): Promise<TCreated> {
  const options = await apiCall<{ data: Array<{ id: number; name: string }> }>(
    page,
    'GET',
    '/dashboard/products/options?search=couteurs',
  );
  const cities = await apiCall<{ data: Array<{ id: number }> }>(page, 'GET', '/dashboard/cities/state/16');
  const { data } = await apiCall<{ data: TCreated }>(page, 'POST', '/dashboard/orders', {
    customer_full_name: name,
    customer_phone_1: phoneNumber(),
    state_id: 16,
    city_id: cities.data[0]!.id,
    products: [{ product_id: options.data.find((p) => p.name === 'Écouteurs sans fil')!.id, quantity: 1 }],
  });
  return data;
}

describe('real-time: two pages on one shop', () => {
  const browser = sharedBrowser();

  it('an order created on one page appears live on the other; after a server restart the other page reconnects and catches up', async () => {
    const owner = await newPage(browser());
    const manager = await newPage(browser());
    const live = watchRealtime(manager.page);
    await signIn(owner.page, DEMO.owner);
    // Page 2: the manager (sees every order) on the Orders screen, In process tab. Its socket is let
    // through only there, so `live.connects` counts that document's connections alone.
    await manager.page.route(SOCKET_IO, (route) => route.abort());
    await signIn(manager.page, DEMO.manager);
    await manager.page.goto('/build/dashboard/orders');
    await manager.page.getByTestId('order-row').first().waitFor();
    await expect.poll(() => inProcessCount(manager.page), { timeout: 15_000 }).not.toBeNull();
    await manager.page.unroute(SOCKET_IO);
    await expect.poll(() => live.connects, { timeout: 15_000 }).toBe(1);
    const connectsBefore = live.connects;
    const start = (await inProcessCount(manager.page))!;
    // Set on this document only: still there at the end means the page was never reloaded.
    await manager.page.evaluate(() => Object.assign(window, { e2eSamePage: true }));

    // Page 1: the owner creates an order through the dialog.
    await owner.page.goto('/build/dashboard/orders');
    await owner.page.getByTestId('add-order').click();
    const dialog = owner.page.getByTestId('order-dialog');
    await dialog.getByTestId('order-name').fill(`Live Test ${tag()}`);
    await dialog.getByTestId('order-phone').fill(phoneNumber());
    await choose(owner.page, dialog.getByTestId('order-state'), '16 - Alger');
    await choose(owner.page, dialog.getByTestId('order-city'), /./);
    await dialog.getByTestId('line-product-0').locator('input').fill('Écouteurs');
    await owner.page.getByRole('option', { name: /Écouteurs sans fil/ }).click();
    const response = owner.page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/dashboard/orders',
    );
    await dialog.getByTestId('order-submit').click();
    const first = ((await (await response).json()) as { data: TCreated }).data;

    // Page 2, without a reload: the row, the new-order toast, the tab count one up.
    await rowsOf(manager.page, first.id).waitFor({ timeout: 10_000 });
    await newOrderToast(manager.page, first).waitFor({ timeout: 5_000 });
    await expect.poll(() => inProcessCount(manager.page), { timeout: 10_000 }).toBe(start + 1);

    // The server restarts. Page 2's socket is kept from reconnecting until the next order exists,
    // so that order's event is certainly missed and only the catch-up can bring it.
    await manager.page.route(SOCKET_IO, (route) => route.abort());
    await restartServer();
    const second = await createOrderByApi(owner.page, `Missed Test ${tag()}`);
    expect(live.connects).toBe(connectsBefore); // page 2 was offline when the order was made
    // The page says its list is not live any more (after a 2 s grace period).
    await manager.page.getByTestId('realtime-reconnecting').waitFor({ timeout: 10_000 });
    await manager.page.unroute(SOCKET_IO);

    // Back-off (up to 30 s between attempts), then the reconnection refetches the list and counts.
    await expect.poll(() => live.connects, { timeout: 60_000, interval: 250 }).toBeGreaterThan(connectsBefore);
    await rowsOf(manager.page, second.id).waitFor({ timeout: 15_000 });
    await expect.poll(() => inProcessCount(manager.page), { timeout: 10_000 }).toBe(start + 2);
    await manager.page.getByTestId('realtime-reconnecting').waitFor({ state: 'detached', timeout: 5_000 });
    expect(await rowsOf(manager.page, first.id).count()).toBe(1);
    expect(await rowsOf(manager.page, second.id).count()).toBe(1);

    // Live again after the reconnection: the next order comes by event, with its toast, once.
    const third = await createOrderByApi(owner.page, `After Test ${tag()}`);
    await rowsOf(manager.page, third.id).waitFor({ timeout: 10_000 });
    await newOrderToast(manager.page, third).waitFor({ timeout: 5_000 });
    await expect.poll(() => inProcessCount(manager.page), { timeout: 10_000 }).toBe(start + 3);
    for (const order of [first, second, third]) expect(await rowsOf(manager.page, order.id).count()).toBe(1);
    expect(await manager.page.evaluate(() => (window as unknown as { e2eSamePage?: boolean }).e2eSamePage)).toBe(true);

    await owner.context.close();
    await manager.context.close();
  }, 150_000);
});
