import { describe, expect, it } from 'vitest';
import { DEMO, screenshot, sharedBrowser, signedInPage } from './support/browser.js';
import { apiCall, unique } from './support/catalogue.js';
import { cardBalance, pickOption } from './support/money.js';

type TCarrierCash = {
  shipping_company_id: number;
  name: string;
  parcels: number;
  owed_centimes: number;
  fetch_payments: boolean;
};

/**
 * Issue 13.4 in the browser (decision 0113): "Fetch from carrier" is offered only for a carrier whose
 * API gives its parcels' payment status (the demo's Yalidine, on the carrier sandbox, where a parcel
 * delivered more than a day ago is paid), and its payments are matched like a statement.
 */
describe('money: a remittance fetched from the carrier (issue 13.4)', () => {
  const browser = sharedBrowser();

  it('offers the fetch for the sandbox Yalidine only, and the carrier’s cash figure moves', async () => {
    const { context, page } = await signedInPage(browser(), DEMO.owner);
    const bank = unique('Banque');
    await apiCall(page, 'POST', '/dashboard/cases', { name: bank, kind: 'bank' });
    const carriers = async () =>
      (await apiCall<{ data: TCarrierCash[] }>(page, 'GET', '/dashboard/remittances/carriers')).data;
    const before = await carriers();
    const paying = before.find((c) => c.fetch_payments && c.parcels > 0);
    const other = before.find((c) => !c.fetch_payments);
    expect(paying, 'the demo has a carrier with payment status and parcels it owes for').toBeDefined();
    expect(other, 'and one without').toBeDefined();

    await page.goto('/build/dashboard/cases');
    await page.locator('h1').waitFor();
    await page.getByRole('button', { name: 'Record a remittance' }).click();
    const dialog = page.getByTestId('remittance-dialog');
    await pickOption(page, 'Carrier', other!.name);
    await pickOption(page, 'Paid into', bank);
    expect(await dialog.getByTestId('remittance-fetch').count()).toBe(0);
    await pickOption(page, 'Carrier', paying!.name);
    await dialog.getByTestId('remittance-fetch').click();
    const result = dialog.getByTestId('remittance-result');
    await result.waitFor({ timeout: 60_000 });
    expect(await result.textContent()).toMatch(/Matched and marked paid: [1-9]\d*\./);
    await screenshot(page, 'money-remittance-fetched-en');
    await dialog.getByRole('button', { name: 'Done' }).click();

    const after = (await carriers()).find((c) => c.shipping_company_id === paying!.shipping_company_id)!;
    expect(after.parcels).toBeLessThan(paying!.parcels);
    await expect.poll(() => cardBalance(page, bank)).not.toBe('0,00 DA');
    await context.close();
  }, 240_000);
});
