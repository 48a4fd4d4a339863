import { fillWhatsAppTemplate, formatDZD, productsText, type TOrderRow } from '@cod/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, launchBrowser, newPage, screenshot, signIn } from './support/browser.js';
import { apiCall, unique } from './support/catalogue.js';
import { postSimpleOrder, simpleOrderParts } from './support/orders.js';

/**
 * Issue 15.4: the shop writes an Arabic WhatsApp template in the settings; on the Orders screen
 * the row's (and the order dialog's) WhatsApp opens https://wa.me/213.../?text=<filled template>
 * in a new tab, and the use is logged as an attempt. Issue 15.3: the assignment card saves.
 */
let browser: Browser;
let context: BrowserContext;
let page: Page;
let templateId: number | undefined;

const BODY =
  'مرحبا {customer_name}، طلبك رقم {order_number} ({products}) بمبلغ {total} إلى {wilaya} - {commune}. شكرا!';

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser));
  // wa.me is not reachable from the tests: answer it locally so the new tab keeps its address.
  await context.route('https://wa.me/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>wa.me</title>' }),
  );
  await signIn(page, DEMO.owner);
});

afterAll(async () => {
  if (page && templateId) {
    await apiCall(page, 'DELETE', `/dashboard/whatsapp-templates/${templateId}`).catch(() => undefined);
  }
  if (page) {
    await apiCall(page, 'PUT', '/dashboard/assignment-settings', { mode: 'off' }).catch(() => undefined);
    // The language is stored on the account: give the other specs their English back.
    await apiCall(page, 'POST', '/locale', { locale: 'en' }).catch(() => undefined);
  }
  await browser?.close();
});

async function newOrder(name: string, phone: string): Promise<TOrderRow> {
  const parts = await simpleOrderParts(page);
  const data = await postSimpleOrder<TOrderRow>(page, parts, { name, phone, address: 'Rue Larbi Ben Mhidi' }, 2);
  return apiCall<TOrderRow>(page, 'GET', `/dashboard/orders/${data.id}`);
}

describe('WhatsApp templates and automatic assignment (issue 15)', () => {
  it('saves the automatic assignment settings from the shop settings', async () => {
    await page.goto('/build/dashboard/shop-settings');
    const card = page.getByTestId('assignment-settings');
    await card.getByTestId('assignment-mode').click();
    await page.getByRole('option', { name: 'Least loaded' }).click();
    await card.getByTestId('assignment-cap').fill('30');
    await card.getByTestId('assignment-release').fill('15');
    await card.getByTestId('assignment-save').click();
    await page.getByText('The assignment settings have been saved.').waitFor();
    const saved = await apiCall<Record<string, unknown>>(page, 'GET', '/dashboard/assignment-settings');
    expect(saved).toMatchObject({ mode: 'least_loaded', max_open_orders: 30, release_after_minutes: 15 });
  });

  it('opens wa.me with the filled Arabic template from the row and the dialog, and logs the use', async () => {
    // The template, written in the settings as the shop does.
    const name = unique('رسالة تأكيد');
    await page.goto('/build/dashboard/shop-settings');
    await page.getByTestId('whatsapp-add').click();
    const dialog = page.getByTestId('whatsapp-template-dialog');
    await dialog.getByTestId('whatsapp-template-name').fill(name);
    await dialog.getByTestId('whatsapp-template-locale').click();
    await page.getByRole('option', { name: 'Arabic' }).click();
    await dialog.getByTestId('whatsapp-template-body').fill(BODY);
    await dialog.getByTestId('whatsapp-template-save').click();
    await page.getByTestId('whatsapp-templates').getByText(name).waitFor();
    const templates = await apiCall<{ data: Array<{ id: number; name: string }> }>(
      page,
      'GET',
      '/dashboard/whatsapp-templates',
    );
    templateId = templates.data.find((t) => t.name === name)!.id;
    await screenshot(page, 'whatsapp-templates-settings');

    const customer = unique('كريم بن علي');
    const order = await newOrder(customer, `055${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`);
    const expected = fillWhatsAppTemplate(BODY, {
      customer_name: customer,
      order_number: order.order_number,
      products: productsText(order.products),
      total: order.total,
      wilaya: order.state.name_ar,
      commune: order.city.name_ar,
      stop_desk: null,
      tracking_number: null,
    });
    expect(expected).toContain(`مرحبا ${customer}، طلبك رقم ${order.order_number}`);
    expect(expected).toContain(formatDZD(order.total));
    const wanted = `https://wa.me/213${order.customer_phone_1.slice(1)}?text=${encodeURIComponent(expected)}`;

    await page.goto(`/build/dashboard/orders?search=${encodeURIComponent(order.customer_phone_1)}`);
    const row = page.locator(`[data-testid="order-row"][data-order-id="${order.id}"]`);
    await row.getByTestId('row-whatsapp').click();
    const item = page.getByTestId(`whatsapp-template-${templateId}`);
    await item.waitFor();
    expect(await item.getAttribute('href')).toBe(wanted);
    expect(await item.getAttribute('target')).toBe('_blank');
    await screenshot(page, 'whatsapp-row-menu');
    const [tab] = await Promise.all([context.waitForEvent('page'), item.click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(wanted);
    expect(decodeURIComponent(new URL(tab.url()).searchParams.get('text') ?? '')).toBe(expected);
    await tab.close();

    // Logged as an attempt (outcome whatsapp) on the order.
    await expect
      .poll(async () => {
        const card = await apiCall<{ attempts?: Array<{ outcome: string }> }>(
          page,
          'GET',
          `/dashboard/orders/${order.id}/call-card`,
        );
        return (card.attempts ?? []).filter((a) => a.outcome === 'whatsapp').length;
      })
      .toBe(1);

    // The order dialog offers the same.
    await row.getByTestId('row-edit').click();
    const orderDialog = page.getByTestId('order-dialog');
    await orderDialog.getByTestId('dialog-whatsapp').click();
    const fromDialog = page.getByTestId(`whatsapp-template-${templateId}`);
    await fromDialog.waitFor();
    expect(await fromDialog.getAttribute('href')).toBe(wanted);
    await page.keyboard.press('Escape');
  });

  it('reads in Arabic, right to left, on a desktop and a phone', async () => {
    await page.goto('/build/dashboard/shop-settings');
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByTestId('assignment-settings').getByText('التوزيع التلقائي').waitFor();
    await page.getByTestId('whatsapp-templates').getByText('قوالب واتساب').waitFor();
    await page.getByTestId('assignment-settings').scrollIntoViewIfNeeded();
    await screenshot(page, 'assignment-settings-ar');
    await page.goto('/build/dashboard/orders');
    await page.locator('[data-testid="row-whatsapp"]:not([disabled])').first().click();
    await page.getByTestId('whatsapp-menu').waitFor();
    await screenshot(page, 'whatsapp-row-menu-ar');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/build/dashboard/shop-settings');
    await page.getByTestId('whatsapp-templates').scrollIntoViewIfNeeded();
    await screenshot(page, 'whatsapp-templates-ar-mobile');
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
