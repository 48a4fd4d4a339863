import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, screenshot, sharedBrowser, signedInPage } from './support/browser.js';
import { apiCall, pngOf, uploadImage } from './support/catalogue.js';

interface TCreated {
  id: number;
}

/** A shop with a bit of everything, so every screen has something to show. */
async function seedCatalogue(page: Page) {
  const stamp = Date.now().toString(36);
  const argan = await apiCall<TCreated>(page, 'POST', '/dashboard/products', {
    name: 'Huile d’argan 100 ml',
    sku: `ARG-${stamp}`,
    price: 1800,
    cost_price: 950,
    low_stock_threshold: 5,
    initial_stock: 3,
  });
  await uploadImage(page, argan.id, await pngOf(page, '#C9822B'));
  const shirt = await apiCall<TCreated>(page, 'POST', '/dashboard/products', {
    name: 'قميص كتان',
    sku: `LIN-${stamp}`,
    price: 3200,
    has_variants: true,
    low_stock_threshold: 4,
    variants: ['S', 'M', 'L'].map((size, i) => ({
      name: `Blanc / ${size}`,
      sku: `LIN-${stamp}-${size}`,
      price: 3200 + i * 100,
      attributes: [
        { name: 'Taille', value: size },
        { name: 'Couleur', value: 'Blanc' },
      ],
      initial_stock: 6 + i * 4,
    })),
    custom_fields: [
      { label: 'Emballage cadeau', type: 'select', required: true, options: ['Oui', 'Non'] },
      { label: 'Message', type: 'text', required: false, placeholder: 'Joyeux anniversaire…' },
    ],
  });
  await uploadImage(page, shirt.id, await pngOf(page, '#5B7DB1'));
  await apiCall(page, 'POST', '/dashboard/products', {
    name: 'Savon nigelle',
    sku: `SAV-${stamp}`,
    price: 450,
    initial_stock: 40,
  });
  const provider = await apiCall<TCreated>(page, 'POST', '/dashboard/providers', {
    name: 'Savonnerie de Tlemcen',
    phone: '043 20 11 22',
    email: 'contact@savonnerie-tlemcen.dz',
    address: 'Zone industrielle, Tlemcen',
    contacts: [
      { name: 'Nadia Benyahia', role: 'Commerciale', phone: '0550 11 22 33' },
      { name: 'Rachid', role: 'Livreur', phone: '0770 44 55 66' },
    ],
  });
  await apiCall(page, 'POST', '/dashboard/stock/purchases', {
    provider_id: provider.id,
    lines: [{ product_id: argan.id, quantity: 12, unit_cost: 950 }],
    note: 'Facture F-2025-118',
  });
  await apiCall(page, 'POST', '/dashboard/stock/adjustments', {
    product_id: argan.id,
    quantity: -10,
    reason: 'Inventaire',
  });
  const phones = ['0555 10 20 30', '0661 44 55 66', '021 45 67 89'].map((p, i) =>
    p.replace(/\d{2}$/, String(10 + ((Date.now() + i) % 89))),
  );
  const names = ['Karim Bouzid', 'Amel Saadi', null];
  for (const [i, phone] of phones.entries()) {
    await apiCall(page, 'POST', '/dashboard/customers', { phone, name: names[i] }).catch(() => undefined);
  }
  const blocked = phones[0]!.replace(/\s/g, '');
  await apiCall(page, 'POST', `/dashboard/customers/${blocked}/block`, { reason: 'A refusé trois livraisons' }).catch(
    () => undefined,
  );
  const channel = await apiCall<TCreated>(page, 'POST', '/dashboard/sales-channels', {
    name: 'Page Facebook',
    source_type: 'facebook',
  });
  await apiCall(page, 'POST', '/dashboard/sales-channels', {
    name: 'TikTok Shop',
    source_type: 'tiktok',
    icon: 'tiktok',
  });
  await apiCall(page, 'POST', '/dashboard/sales-channels', { name: 'Site web', source_type: 'website', active: false });
  return { argan: argan.id, shirt: shirt.id, provider: provider.id, blocked, channel: channel.id };
}

async function settle(page: Page): Promise<void> {
  // Not by role: an open dialog hides the page behind it from the accessibility tree.
  await page.locator('h1').waitFor();
  await page.waitForFunction(() => !document.querySelector('[role="progressbar"][aria-busy="true"]'));
  await page.waitForTimeout(500);
}

async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe('catalogue screenshots (e2e/artifacts)', () => {
  const browser = sharedBrowser();

  let ids: Awaited<ReturnType<typeof seedCatalogue>>;
  beforeAll(async () => {
    const { context, page } = await signedInPage(browser(), DEMO.owner);
    ids = await seedCatalogue(page);
    await context.close();
  });

  const VARIANTS = [
    { width: 1440, height: 900, suffix: '', locale: 'en' },
    { width: 1440, height: 900, suffix: '', locale: 'ar' },
    { width: 390, height: 844, suffix: '-phone', locale: 'en' },
    { width: 390, height: 844, suffix: '-phone', locale: 'ar' },
  ];

  it.each(VARIANTS)(
    'every screen, $locale at $width px, without sideways overflow',
    async ({ suffix, locale, ...viewport }) => {
      const screens: Array<[string, string]> = [
        ['products', '/build/dashboard/products'],
        ['product-dialog', `/build/dashboard/products?dialog=edit&id=${ids.shirt}`],
        ['stock-levels', '/build/dashboard/stock'],
        ['stock-movements', '/build/dashboard/stock?tab=movements'],
        ['stock-adjust', `/build/dashboard/stock?dialog=adjust&id=${ids.argan}`],
        ['stock-purchase', '/build/dashboard/stock?dialog=purchase'],
        ['providers', '/build/dashboard/providers'],
        ['provider-detail', `/build/dashboard/providers?dialog=view&id=${ids.provider}`],
        ['customers', '/build/dashboard/customers'],
        ['customer-dialog', `/build/dashboard/customers?phone=${ids.blocked}`],
        ['sales-channels', '/build/dashboard/sales-channels'],
        ['product-permissions', '/build/userproductpermissions?dialog=edit&id=3'],
      ];
      const { context, page } = await signedInPage(browser(), DEMO.owner, viewport);
      await page.evaluate((lang) => localStorage.setItem('appLocale', lang), locale);
      for (const [name, path] of screens) {
        await page.goto(path);
        await settle(page);
        await screenshot(page, `catalogue-${name}-${locale}${suffix}`);
        expect(await overflow(page), `${name} ${locale}${suffix}`).toBeLessThanOrEqual(0);
      }
      // The one-time key appears after a rotation (the key is never in a URL).
      await page.goto('/build/dashboard/sales-channels');
      await settle(page);
      await page.getByTestId('channel-row').first().locator('button').nth(1).click();
      await page.getByRole('dialog').getByRole('button').last().click();
      await page.getByTestId('intake-key-dialog').waitFor();
      await page.waitForTimeout(400);
      await screenshot(page, `catalogue-intake-key-${locale}${suffix}`);
      await context.close();
    },
  );
});
