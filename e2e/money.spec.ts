import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, screenshot, sharedBrowser, signedInPage } from './support/browser.js';
import { apiCall, unique } from './support/catalogue.js';
import { cardBalance, pickOption } from './support/money.js';

async function settle(page: Page): Promise<void> {
  await page.locator('h1').waitFor();
  await page.waitForFunction(() => !document.querySelector('[role="progressbar"][aria-busy="true"]'));
  await page.waitForTimeout(500);
}

type TCarrierCash = { shipping_company_id: number; name: string; parcels: number; owed_centimes: number };
type TOwed = { data: Array<{ tracking_number: string; owed_centimes: number }> };

describe('money: cash boxes, expenses, remittances (issue 13)', () => {
  const browser = sharedBrowser();

  it('creates two boxes, transfers between them and records an ad spend; the balances move', async () => {
    const { context, page } = await signedInPage(browser(), DEMO.owner);
    const drawer = unique('Caisse');
    const bank = unique('Banque');

    await page.goto('/build/dashboard/cases');
    await settle(page);
    for (const [name, opening] of [
      [drawer, '10 000'],
      [bank, ''],
    ] as const) {
      await page.getByRole('button', { name: 'New box' }).click();
      const dialog = page.getByTestId('box-dialog');
      await dialog.getByLabel('Name').fill(name);
      if (opening) await dialog.getByLabel('Opening balance').fill(opening);
      await dialog.getByRole('button', { name: 'Create box' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    await page
      .getByTestId('box-card')
      .and(page.locator(`[data-name="${bank}"]`))
      .waitFor();
    expect(await cardBalance(page, drawer)).toBe('10 000,00 DA');

    await page.getByRole('button', { name: 'Transfer' }).click();
    const transfer = page.getByTestId('transfer-dialog');
    await pickOption(page, 'From box', drawer);
    await pickOption(page, 'To box', bank);
    await transfer.getByLabel('Amount').fill('2 500,50');
    await transfer.getByRole('button', { name: 'Transfer' }).click();
    await transfer.waitFor({ state: 'detached' });
    await page.getByText('Transfer recorded').waitFor();
    await expect.poll(() => cardBalance(page, drawer)).toBe('7 499,50 DA');
    expect(await cardBalance(page, bank)).toBe('2 500,50 DA');

    // An ad spend paid from the drawer.
    await page.goto('/build/dashboard/expenses');
    await settle(page);
    await page.getByRole('button', { name: 'New expense' }).click();
    const expense = page.getByTestId('entry-dialog');
    await expense.getByLabel('Amount').fill('1200');
    await pickOption(page, 'Category', 'Ads');
    await pickOption(page, 'Paid from', drawer);
    await pickOption(page, 'Sales source', 'Facebook');
    const campaign = unique('cmp');
    await expense.getByLabel('Campaign ID').fill(campaign);
    await expense.getByRole('button', { name: 'Save' }).click();
    await expense.waitFor({ state: 'detached' });
    const row = page.getByTestId('entry-row').filter({ hasText: campaign });
    await row.waitFor();
    expect((await row.textContent())?.replace(/\s/g, ' ')).toContain('1 200,00 DA');
    // The filter lives in the URL and the totals row follows it.
    await page.goto(`/build/dashboard/expenses?campaign_id=${campaign}`);
    await settle(page);
    expect(((await page.getByTestId('entries-totals').textContent()) ?? '').replace(/\s/g, ' ')).toContain(
      '1 200,00 DA',
    );

    await page.goto('/build/dashboard/cases');
    await settle(page);
    await expect.poll(() => cardBalance(page, drawer)).toBe('6 299,50 DA');
    await screenshot(page, 'money-cases-after-transfer-en');
    await context.close();
  }, 180_000);

  it("records a remittance from an uploaded statement; the carrier's cash figure moves", async () => {
    const { context, page } = await signedInPage(browser(), DEMO.owner);
    const bank = unique('CCP');
    await apiCall(page, 'POST', '/dashboard/cases', { name: bank, kind: 'ccp' });
    const carriers = (await apiCall<{ data: TCarrierCash[] }>(page, 'GET', '/dashboard/remittances/carriers')).data;
    const carrier = carriers.find((c) => c.parcels >= 2);
    expect(carrier, 'the demo shop has delivered parcels with a carrier').toBeDefined();
    const owed = await apiCall<TOwed>(
      page,
      'GET',
      `/dashboard/remittances/owed?shipping_company_id=${carrier!.shipping_company_id}`,
    );
    const paid = owed.data.slice(0, 2);
    const csv = [
      'Tracking,Montant',
      ...paid.map((p) => `${p.tracking_number},${(p.owed_centimes / 100).toFixed(2)}`),
      'UNKNOWN-123,500.00',
    ].join('\n');

    await page.goto('/build/dashboard/cases');
    await settle(page);
    const owedCell = page
      .getByTestId('carrier-cash-row')
      .and(page.locator(`[data-name="${carrier!.name}"]`))
      .getByTestId('carrier-owed');
    const before = (await owedCell.textContent())?.replace(/\s/g, ' ');
    await page.getByRole('button', { name: 'Record a remittance' }).click();
    const dialog = page.getByTestId('remittance-dialog');
    await pickOption(page, 'Carrier', carrier!.name);
    await pickOption(page, 'Paid into', bank);
    await dialog.getByLabel('Reference').fill('VIR-E2E');
    await dialog
      .getByTestId('statement-file')
      .setInputFiles({ name: 'releve.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByTestId('remittance-submit').click();
    const result = dialog.getByTestId('remittance-result');
    await result.waitFor();
    expect(await result.textContent()).toContain('Matched and marked paid: 2. Differences: 1.');
    const issue = dialog.getByTestId('remittance-issue');
    expect(await issue.count()).toBe(1);
    expect(await issue.textContent()).toContain('Unknown parcel');
    await screenshot(page, 'money-remittance-result-en');
    await dialog.getByRole('button', { name: 'Done' }).click();

    const expected = carrier!.owed_centimes - paid.reduce((sum, p) => sum + p.owed_centimes, 0);
    const after = await apiCall<{ data: TCarrierCash[] }>(page, 'GET', '/dashboard/remittances/carriers');
    expect(after.data.find((c) => c.shipping_company_id === carrier!.shipping_company_id)!.owed_centimes).toBe(
      expected,
    );
    await expect.poll(async () => (await owedCell.textContent())?.replace(/\s/g, ' ')).not.toBe(before);
    await expect.poll(() => cardBalance(page, bank)).not.toBe('0,00 DA');
    await context.close();
  }, 180_000);

  it('imports ad spend from an export (errors listed by line) and attaches a receipt to an expense', async () => {
    const { context, page } = await signedInPage(browser(), DEMO.owner);
    const box = unique('BaridiMob');
    await apiCall(page, 'POST', '/dashboard/cases', { name: box, kind: 'baridimob', opening_centimes: 5_000_000 });
    const campaign = unique('tt');
    const today = new Date().toISOString().slice(0, 10);
    const [y, m, d] = today.split('-');

    await page.goto('/build/dashboard/expenses');
    await settle(page);
    await page.getByTestId('import-ad-spend').click();
    const dialog = page.getByTestId('ad-spend-dialog');
    await pickOption(page, 'Sales source', 'TikTok');
    await pickOption(page, 'Paid from', box);
    const upload = (csv: string) =>
      dialog
        .getByTestId('ad-spend-file')
        .setInputFiles({ name: 'tiktok-ads.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await upload(
      ['Date;Campaign ID;Amount', `${today};${campaign};1 000,00`, `${d}/${m}/${y};${campaign};abc`].join('\n'),
    );
    await dialog.getByTestId('ad-spend-submit').click();
    const errors = dialog.getByTestId('ad-spend-errors');
    await errors.waitFor();
    expect(await errors.textContent()).toContain('Line 3: the amount must be a positive number of dinars.');
    await upload(
      ['Date;Campaign ID;Amount', `${today};${campaign};1 000,00`, `${d}/${m}/${y};${campaign};250`].join('\n'),
    );
    await dialog.getByTestId('ad-spend-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('2 ad spend expenses imported').waitFor();
    await page.goto(`/build/dashboard/expenses?campaign_id=${campaign}`);
    await settle(page);
    expect(((await page.getByTestId('entries-totals').textContent()) ?? '').replace(/\s/g, ' ')).toContain(
      '1 250,00 DA',
    );

    // A receipt on the first row: attached from the dialog, then offered for download in the list.
    const row = page.getByTestId('entry-row').first();
    await row.getByRole('button', { name: 'Edit' }).click();
    const entry = page.getByTestId('entry-dialog');
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    await entry
      .getByTestId('entry-receipt-input')
      .setInputFiles({ name: 'recu-tiktok.png', mimeType: 'image/png', buffer: png });
    expect(await entry.getByTestId('entry-receipt').textContent()).toContain('recu-tiktok.png');
    await entry.getByRole('button', { name: 'Save' }).click();
    await entry.waitFor({ state: 'detached' });
    await row.getByRole('button', { name: 'Download the receipt recu-tiktok.png' }).waitFor();
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: 'Download the receipt recu-tiktok.png' }).click();
    expect((await download).suggestedFilename()).toBe('recu-tiktok.png');
    await screenshot(page, 'money-expenses-receipt-en');
    await context.close();
  }, 180_000);

  it.each([
    { width: 1440, height: 900, suffix: '', locale: 'en' },
    { width: 1440, height: 900, suffix: '', locale: 'ar' },
    { width: 390, height: 844, suffix: '-phone', locale: 'en' },
    { width: 390, height: 844, suffix: '-phone', locale: 'ar' },
  ])(
    'money screens, $locale at $width px, without sideways overflow',
    async ({ suffix, locale, ...viewport }) => {
      const { context, page } = await signedInPage(browser(), DEMO.owner, viewport);
      await page.evaluate((lang) => localStorage.setItem('appLocale', lang), locale);
      for (const [name, path] of [
        ['cases', '/build/dashboard/cases'],
        ['expenses', '/build/dashboard/expenses'],
        ['incomes', '/build/dashboard/incomes'],
        ['transfer', '/build/dashboard/cases?dialog=transfer'],
        ['expense-dialog', '/build/dashboard/expenses?dialog=create'],
        ['ad-spend-dialog', '/build/dashboard/expenses?dialog=ad-spend'],
      ]) {
        await page.goto(path!);
        await settle(page);
        await screenshot(page, `money-${name}-${locale}${suffix}`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} ${locale}${suffix}`).toBeLessThanOrEqual(0);
      }
      await context.close();
    },
    180_000,
  );
});
