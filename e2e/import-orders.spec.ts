import { describe, expect, it } from 'vitest';
import { DEMO, sharedBrowser, signedInPage } from './support/browser.js';

// Issue 6 browser test: upload a file, watch the Import Progress dialog reach 'Import completed
// successfully!', open View Errors, Refresh Orders.
describe('orders import', () => {
  const browser = sharedBrowser();

  it('imports a CSV, shows the progress, the row errors, and refreshes the orders', async () => {
    const { context, page } = await signedInPage(browser(), DEMO.owner);
    await page.goto('/build/dashboard/orders');
    const tag = String(Date.now()).slice(-6);
    const csv = [
      'customer_full_name,customer_phone_1,state,city,product,variant,quantity',
      `Import ${tag} Un,0551${tag},16,Alger Centre,MON-CLS,,1`,
      `Import ${tag} Deux,552${tag},Oran,Oran,ROB-KAB-M,,2`,
      `استيراد ${tag},0553${tag},الجزائر,الجزائر الوسطى,MON-CLS,,1`,
      `Import ${tag} Quatre,0554${tag},34 - Bordj Bou Arréridj,Ras El Oued,MON-CLS,,3`,
      `Import ${tag} Bad,0555${tag},16,Alger Centre,NOPE-${tag},,1`,
    ].join('\r\n');

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByTestId('import-dialog');
    await dialog.getByTestId('import-submit').click();
    await dialog.getByText('Please select a file to import').waitFor();
    await dialog.getByTestId('import-file-input').setInputFiles({
      name: `orders-${tag}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await dialog.getByTestId('import-submit').click();
    await page.getByText('Import started with 5 rows').waitFor();

    const progress = page.getByTestId('import-progress-dialog');
    await progress.getByText('Import completed successfully!').waitFor({ timeout: 30_000 });
    expect(await progress.getByTestId('import-percent').textContent()).toBe('100%');
    expect(await progress.getByTestId('import-processed').textContent()).toBe('4');
    expect(await progress.getByTestId('import-failed').textContent()).toBe('1');
    await page.getByText('Import completed! 4 orders processed successfully.').first().waitFor();

    await progress.getByTestId('import-view-errors').click();
    await progress.getByText(`Row 6: Product "NOPE-${tag}" was not found (use its name or SKU).`).waitFor();

    await progress.getByTestId('import-refresh').click();
    await progress.waitFor({ state: 'hidden' });
    await page.getByLabel('Search orders').fill(`Import ${tag}`);
    await page.getByText(`Import ${tag} Quatre`.slice(0, 14)).first().waitFor();
    await context.close();
  });

  it('exports the selection as XLSX and opens its PDF in a new tab through a one-use link', async () => {
    const { context, page } = await signedInPage(browser(), DEMO.owner);
    await page.goto('/build/dashboard/orders?tab=all');
    await page.getByTestId('order-row').first().waitFor();
    await page.getByTestId('toolbar-xlsx').click();
    await page.getByText('Please select orders to export.').first().waitFor();

    await page.getByRole('checkbox', { name: 'Select every order of this page' }).check();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('toolbar-xlsx').click()]);
    expect(download.suggestedFilename()).toMatch(/^orders_all_export_\d{8}_\d{6}\.xlsx$/);

    const [tab] = await Promise.all([context.waitForEvent('page'), page.getByTestId('toolbar-pdf').click()]);
    const pdf = await tab.waitForResponse((response) => response.url().includes('/dashboard/orderspdf?'));
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    // The link is spent: opening it again is refused.
    const again = await context.request.get(pdf.url());
    expect(again.status()).toBe(401);
    await context.close();
  });
});
