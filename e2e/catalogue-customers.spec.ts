import { describe, expect, it } from 'vitest';
import { DEMO, sharedBrowser, signedInPage } from './support/browser.js';

describe('catalogue: customers', () => {
  const browser = sharedBrowser();

  it('creates a customer from any written form of the phone, blocks them with a reason and shows it', async () => {
    const { context, page } = await signedInPage(browser(), DEMO.owner);
    const suffix = String(Date.now()).slice(-6);
    const national = `0661${suffix}`;
    const shown = `0661 ${suffix.slice(0, 2)} ${suffix.slice(2, 4)} ${suffix.slice(4)}`;
    await page.goto('/build/dashboard/customers');

    await page.getByRole('button', { name: 'New customer' }).first().click();
    const create = page.getByTestId('customer-create-dialog');
    await create.getByLabel('Phone').fill('12345');
    await create.getByLabel('Name').fill('Karim Bouzid');
    await create.getByRole('button', { name: 'Create customer' }).click();
    await create.getByText('The phone number is not a valid Algerian number.').waitFor();
    await create.getByLabel('Phone').fill(`+213 661-${suffix}`);
    await create.getByRole('button', { name: 'Create customer' }).click();

    // The new customer opens at once, under its normalised number.
    const customer = page.getByTestId('customer-dialog');
    await customer.getByText(shown).waitFor();
    expect(new URL(page.url()).searchParams.get('phone')).toBe(national);
    await customer.getByTestId('customer-summary').getByText('Orders').waitFor();

    await customer.getByRole('button', { name: 'Block' }).click();
    const block = page.getByTestId('block-customer-dialog');
    await block.getByRole('button', { name: 'Block' }).click();
    await block.getByText('The reason field is required.').waitFor();
    await block.getByLabel('Reason').fill('Refused three deliveries');
    await block.getByRole('button', { name: 'Block' }).click();

    const banner = customer.getByTestId('blocked-banner');
    await banner.waitFor();
    expect(await banner.getByTestId('blocked-reason').textContent()).toBe('Refused three deliveries');
    expect(await banner.textContent()).toContain('Blocked by Amine Benali');

    await customer.getByRole('button', { name: 'Close' }).last().click();
    await page.getByLabel('Search customers').fill(suffix);
    const row = page.getByTestId('customer-row').filter({ hasText: shown });
    await row.waitFor();
    expect(await row.textContent()).toContain('Blocked');
    await row.getByText('Blocked').hover();
    await page.getByRole('tooltip', { name: 'Refused three deliveries' }).waitFor();
    await context.close();
  });
});
