import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshot, signIn } from './support/browser.js';
import { apiCall } from './support/catalogue.js';
import { centralSignIn, createShop, uniqueName } from './support/central.js';

// Issue 19.9: tutorials written centrally, read by a shop in its language; the support WhatsApp
// number set centrally reaches the shops' floating button.
let browser: Browser;
let shopPage: Page | undefined;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  // The owner's language is stored on the account: give it its English back.
  if (shopPage) await apiCall(shopPage, 'POST', '/locale', { locale: 'en' }).catch(() => undefined);
  await browser?.close();
});

describe('tutorials and the support number', { timeout: 180_000 }, () => {
  it('a central administrator adds a tutorial; the shop owner sees it in English and in Arabic', async () => {
    const cqName = uniqueName('tuto');
    const title = `Confirm orders ${cqName}`;
    const admin = await newPage(browser);
    await centralSignIn(admin.page);
    await createShop(admin.page, cqName);

    await admin.page.goto('/build/central/tutorials');
    await admin.page.getByRole('button', { name: 'New tutorial' }).click();
    const dialog = admin.page.getByRole('dialog');
    // A link that is not https is refused by the server, field by field.
    await admin.page.getByTestId('tutorial-title_en').fill(title);
    await admin.page.getByTestId('tutorial-description_en').fill('Call the customer, then confirm.');
    await admin.page.getByTestId('tutorial-title_ar').fill(`تأكيد الطلبات ${cqName}`);
    await admin.page.getByTestId('tutorial-description_ar').fill('اتصل بالزبون ثم أكّد الطلب.');
    await admin.page.getByTestId('tutorial-video_url').fill('http://videos.example.com/confirm');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('The video link must be a valid https:// address.').waitFor();
    await admin.page.getByTestId('tutorial-video_url').fill('https://videos.example.com/confirm');
    await dialog.getByRole('combobox').click();
    await admin.page.getByRole('option', { name: 'Orders' }).click();
    await admin.page.getByTestId('tutorial-position').fill('1');
    await screenshot(admin.page, 'central-tutorial-dialog-en');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await admin.page.getByRole('cell', { name: title }).waitFor();
    await screenshot(admin.page, 'central-tutorials-en');

    // The support number of the floating button, set centrally (the previous one restored after).
    await admin.page.goto('/build/central/dashboard');
    const number = admin.page.getByTestId('support-whatsapp');
    await number.waitFor();
    const previous = await number.inputValue();
    await number.fill('+213 555 01 02 03');
    await admin.page.getByRole('button', { name: 'Save' }).click();
    await admin.page.getByText('The settings have been saved.').waitFor();

    const shop = await newPage(browser);
    shopPage = shop.page;
    await signIn(shop.page, `${cqName}@shop.dz`);
    const whatsapp = shop.page.getByTestId('support-whatsapp');
    await expect
      .poll(() => whatsapp.getAttribute('href'), { timeout: 20_000 })
      .toMatch(/^https:\/\/wa\.me\/213555010203\?text=/);

    // From the orders screen, the top bar's video icon opens that section's tutorials.
    await shop.page.goto('/build/dashboard/orders');
    await shop.page.getByRole('link', { name: 'Tutorials' }).first().click();
    await shop.page.waitForURL('**/build/dashboard/tutorials?section=orders');
    const card = shop.page.getByTestId('tutorial-title').filter({ hasText: cqName });
    await card.waitFor();
    expect(await card.textContent()).toBe(title);
    expect(await shop.page.getByRole('link', { name: 'Watch the video' }).first().getAttribute('href')).toMatch(
      /^https:\/\//,
    );
    await screenshot(shop.page, 'tutorials-en');

    // In Arabic: the Arabic title, right to left.
    await shop.page.getByRole('button', { name: 'Language' }).click();
    await shop.page.getByRole('menuitem', { name: 'العربية' }).click();
    await shop.page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await expect.poll(() => card.textContent(), { timeout: 20_000 }).toBe(`تأكيد الطلبات ${cqName}`);
    await shop.page.getByText('اتصل بالزبون ثم أكّد الطلب.').waitFor();
    await screenshot(shop.page, 'tutorials-ar');
    // At phone width nothing overflows.
    await shop.page.setViewportSize({ width: 390, height: 844 });
    await shop.page.waitForTimeout(300);
    await screenshot(shop.page, 'tutorials-ar-phone');
    expect(
      await shop.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(1);

    // Archived: the shop no longer sees it.
    await admin.page.goto('/build/central/tutorials');
    await admin.page
      .getByRole('row', { name: new RegExp(cqName) })
      .getByRole('button', { name: 'Archive' })
      .click();
    await admin.page
      .getByRole('row', { name: new RegExp(cqName) })
      .getByText('Archived')
      .waitFor();
    await shop.page.reload();
    await shop.page.getByRole('heading', { name: 'الدروس التعليمية' }).first().waitFor();
    await expect.poll(() => card.count(), { timeout: 20_000 }).toBe(0);

    await admin.page.goto('/build/central/dashboard');
    await number.fill(previous);
    await admin.page.getByRole('button', { name: 'Save' }).click();
    await admin.page.getByText('The settings have been saved.').waitFor();
    await admin.context.close();
    await shop.context.close();
  });
});
