import { formatDZD } from '@cod/shared';
import { describe, expect, it } from 'vitest';
import { DEMO, sharedBrowser, signedInPage } from './support/browser.js';
import { apiCall, unique } from './support/catalogue.js';

interface TProduct {
  id: number;
  name: string;
  has_variants: boolean;
  variants: Array<{ name: string; sku: string; price: number }>;
  custom_fields: Array<{ label: string; type: string; required: boolean; options: string[] }>;
}

describe('catalogue: products', () => {
  const browser = sharedBrowser();

  it('creates a product with two variants and a required select custom field, then lists it', async () => {
    const { context, page } = await signedInPage(browser(), DEMO.owner);
    const name = unique('Linen shirt');
    const sku = `LS-${Date.now().toString(36)}`;
    await page.goto('/build/dashboard/products');
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();

    await page.getByRole('button', { name: 'New product' }).first().click();
    await page.waitForURL('**/dashboard/products?dialog=create');
    const dialog = page.getByTestId('product-dialog');
    await dialog.getByLabel('Product name').fill(name);
    await dialog.getByLabel('SKU', { exact: false }).first().fill(sku);
    await dialog.getByLabel('Price', { exact: false }).first().fill('3 200');
    await dialog.getByLabel('This product comes in variants').check();
    const variants = dialog.getByTestId('variants-editor');
    await variants.getByRole('button', { name: 'Add a variant' }).click();
    for (const [index, size] of ['M', 'L'].entries()) {
      await variants.getByLabel('Variant name').nth(index).fill(`White / ${size}`);
      await variants.getByLabel('SKU').nth(index).fill(`${sku}-${size}`);
    }
    await variants.getByLabel('Price').nth(1).fill('3400');

    await dialog.getByRole('button', { name: 'Add a field' }).click();
    const field = dialog.getByRole('group', { name: 'Field 1' });
    await field.getByLabel('Label').fill('Gift wrap');
    await field.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Choice list' }).click();
    const options = field.getByLabel('Options');
    await options.fill('Yes');
    await options.press('Enter');
    await options.fill('No,');
    await field.getByLabel('Required on the order').check();
    await dialog.getByRole('button', { name: 'Create product' }).click();

    await page.getByText(`Product “${name}” created`).waitFor();
    await page.waitForURL((url) => !url.search.includes('dialog'));
    await page.getByLabel('Search products').fill(name);
    const row = page.getByTestId('product-row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.textContent()).toContain('2 variants');
    expect(await row.textContent()).toContain(`${formatDZD(3200)} – ${formatDZD(3400)}`);

    const { data } = await apiCall<{ data: TProduct[] }>(
      page,
      'GET',
      `/dashboard/products?search=${encodeURIComponent(sku)}`,
    );
    expect(data).toHaveLength(1);
    expect(data[0]!.variants.map((v) => [v.name, v.sku, v.price])).toEqual([
      ['White / M', `${sku}-M`, 3200],
      ['White / L', `${sku}-L`, 3400],
    ]);
    expect(data[0]!.custom_fields).toEqual([
      { label: 'Gift wrap', type: 'select', required: true, placeholder: null, options: ['Yes', 'No'] },
    ]);
    await context.close();
  });

  it("shows the server's SKU clash under the variant's SKU field", async () => {
    const { context, page } = await signedInPage(browser(), DEMO.owner);
    const taken = `TAKEN-${Date.now().toString(36)}`;
    await apiCall(page, 'POST', '/dashboard/products', { name: unique('Existing'), sku: taken, price: 100 });
    await page.goto('/build/dashboard/products?dialog=create');
    const dialog = page.getByTestId('product-dialog');
    await dialog.getByLabel('Product name').fill(unique('Clash'));
    await dialog
      .getByLabel('SKU')
      .first()
      .fill(`NEW-${Date.now().toString(36)}`);
    await dialog.getByLabel('Price').first().fill('500');
    await dialog.getByLabel('This product comes in variants').check();
    const variants = dialog.getByTestId('variants-editor');
    await variants.getByLabel('Variant name').fill('One size');
    await variants.getByLabel('SKU').fill(taken);

    await dialog.getByRole('button', { name: 'Create product' }).click();

    const sku = variants.getByLabel('SKU');
    await variants.getByText('The sku has already been taken.').waitFor();
    const describedBy = await sku.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('The sku has already been taken.');
    await context.close();
  });
});
