import type { Page } from 'playwright-core';

/** A box card's balance as shown (fr-DZ, "DA"), its spaces made plain. */
export async function cardBalance(page: Page, name: string): Promise<string> {
  const card = page.getByTestId('box-card').and(page.locator(`[data-name="${name}"]`));
  return ((await card.getByTestId('box-balance').textContent()) ?? '').replace(/\s/g, ' ');
}

/** Picks `option` in the select labelled `label` of the open dialog. */
export async function pickOption(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
