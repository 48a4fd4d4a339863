import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, newPage, screenshot, sharedBrowser, signedInPage, signIn } from './support/browser.js';
import { apiCall } from './support/catalogue.js';

const tag = () => Date.now().toString(36).slice(-6);
const PHONE = { width: 390, height: 844 };

async function choose(page: Page, select: Locator, option: string | RegExp) {
  await select.click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Arabic for this browser context (appLocale wins over the account's language). */
async function inArabic(page: Page) {
  await page.evaluate(() => localStorage.setItem('appLocale', 'ar'));
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

async function setPermission(page: Page, permission: string, on: boolean) {
  const box = page.locator(`input[data-permission="${permission}"]`);
  if ((await box.isChecked()) !== on) await box.click();
}

describe('team administration (issue 18.1-18.3)', () => {
  const browser = sharedBrowser();

  it('invites an agent with a role; the agent sets a password, sees only what the role allows, and loses Products after a reload', async () => {
    const owner = await signedInPage(browser(), DEMO.owner);
    const roleName = `Confirmers ${tag()}`;

    // A role made on the roles screen, its permissions ticked in the matrix.
    await owner.page.goto('/build/dashboard/roles-permissions');
    await owner.page.getByTestId('role-create').click();
    await owner.page.getByTestId('role-name').fill(roleName);
    await owner.page.getByTestId('role-name-save').click();
    const matrix = owner.page.getByTestId('permission-matrix');
    await matrix.getByRole('heading', { name: roleName }).waitFor();
    for (const permission of ['view home', 'view orders', 'update orders', 'view products', 'view profile']) {
      await setPermission(owner.page, permission, true);
    }
    await owner.page.getByTestId('role-save').click();
    await owner.page.getByText('The role has been saved.').first().waitFor();
    await screenshot(owner.page, 'team-roles-matrix-en');

    // The invitation, with its link to copy.
    const email = `agent-${tag()}@demo.dz`;
    await owner.page.goto('/build/dashboard/users');
    await owner.page.getByTestId('user-add').click();
    const dialog = owner.page.getByTestId('user-dialog');
    await dialog.getByTestId('user-name').fill('Nour Agent');
    await dialog.getByTestId('user-email').fill(email);
    await choose(owner.page, dialog.getByTestId('user-role'), roleName);
    await screenshot(owner.page, 'team-invite-dialog-en');
    await dialog.getByTestId('user-save').click();
    const linkDialog = owner.page.getByTestId('invitation-link-dialog');
    const link = await linkDialog.getByTestId('invitation-link').inputValue();
    expect(link).toContain('/build/resetpassword?token=');
    await screenshot(owner.page, 'team-invitation-link-en');
    await linkDialog.getByRole('button', { name: 'Close' }).last().click();
    await owner.page
      .getByTestId('user-row')
      .filter({ hasText: email })
      .getByText('Invited')
      .filter({ visible: true })
      .first()
      .waitFor();

    // The agent follows the link, chooses a password and signs in.
    const agent = await newPage(browser());
    const url = new URL(link);
    await agent.page.goto(`${url.pathname}${url.search}`);
    await agent.page.getByLabel('New password', { exact: true }).fill('agent-pass-2026');
    await agent.page.getByLabel('Confirm the new password').fill('agent-pass-2026');
    await agent.page.getByRole('button', { name: 'Save the new password' }).click();
    await agent.page.getByRole('status').waitFor();
    await signIn(agent.page, email, 'agent-pass-2026');
    const nav = sidebar(agent.page);
    await nav.getByRole('link', { name: 'Products' }).waitFor();
    await nav.getByRole('link', { name: 'Orders' }).first().waitFor();
    expect(await nav.getByRole('link', { name: 'Users' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Stock' }).count()).toBe(0);
    await screenshot(agent.page, 'team-agent-sidebar-before-en');

    // The owner takes 'view products' away; the agent's next load of the shell follows, no new sign-in.
    await owner.page.goto('/build/dashboard/roles-permissions');
    await owner.page.getByTestId('roles-list').getByText(roleName).click();
    await matrix.getByRole('heading', { name: roleName }).waitFor();
    await setPermission(owner.page, 'view products', false);
    await owner.page.getByTestId('role-save').click();
    await owner.page.getByText('The role has been saved.').first().waitFor();

    await agent.page.reload();
    await nav.getByRole('link', { name: 'Orders' }).first().waitFor();
    await expect.poll(() => nav.getByRole('link', { name: 'Products' }).count(), { timeout: 10_000 }).toBe(0);
    const products = await agent.page.request.get('/dashboard/products', {
      headers: { Authorization: `Bearer ${await agent.page.evaluate(() => localStorage.getItem('accessToken'))}` },
    });
    expect(products.status()).toBe(403);
    await screenshot(agent.page, 'team-agent-sidebar-after-en');
    await agent.context.close();
    await owner.context.close();
  });

  it('adds a pending sub-status in Arabic at phone width, then uses it from the Orders status dialog', async () => {
    const phone = await signedInPage(browser(), DEMO.owner, PHONE);
    await inArabic(phone.page);
    const arabic = `لا رد ${tag()}`;
    await phone.page.goto('/build/dashboard/statuses');
    await phone.page.getByTestId('status-add-pending').click();
    const editor = phone.page.getByTestId('status-editor-dialog');
    await editor.getByTestId('status-display-name').fill('No answer 2');
    await editor.getByTestId('status-name-en').fill('No answer 2');
    await editor.getByTestId('status-name-fr').fill('Pas de réponse 2');
    await editor.getByTestId('status-name-ar').fill(arabic);
    await screenshot(phone.page, 'team-status-editor-ar-phone');
    await editor.getByTestId('status-save').click();
    await editor.waitFor({ state: 'detached' });
    await phone.page.getByTestId('status-type-pending').getByText(arabic).first().waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await screenshot(phone.page, 'team-statuses-ar-phone');

    // An order, in Arabic on the Orders screen: its chip and the dialog's choices in Arabic.
    const name = `Status ${tag()}`;
    const options = await apiCall<{ data: Array<{ id: number; has_variants: boolean; custom_fields: unknown[] }> }>(
      phone.page,
      'GET',
      '/dashboard/products/options?per_page=100',
    );
    const simple = options.data.find((p) => !p.has_variants && p.custom_fields.length === 0)!;
    const cities = await apiCall<{ data: Array<{ id: number }> }>(phone.page, 'GET', '/dashboard/cities/state/16');
    const { data: order } = await apiCall<{ data: { id: number } }>(phone.page, 'POST', '/dashboard/orders', {
      customer_full_name: name,
      customer_phone_1: `06${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      state_id: 16,
      city_id: cities.data[0]!.id,
      products: [{ product_id: simple.id, quantity: 1 }],
    });

    const desk = await signedInPage(browser(), DEMO.owner);
    await inArabic(desk.page);
    await desk.page.goto(`/build/dashboard/orders?search=${encodeURIComponent(name)}`);
    const row = desk.page.getByTestId('order-row').first();
    await row.waitFor();
    await row.getByText('جديدة', { exact: true }).waitFor();
    await row.getByTestId('row-status').click();
    const status = desk.page.getByTestId('status-dialog');
    await choose(desk.page, status.getByTestId('status-select').locator('[role="combobox"]'), arabic);
    await status.locator('button[type="submit"]').click();
    await status.waitFor({ state: 'detached' });
    await row.getByText(arabic, { exact: true }).waitFor();
    const saved = await apiCall<{ latest_status: { status: { display_name: string } } }>(
      desk.page,
      'GET',
      `/dashboard/orders/${order.id}`,
    );
    expect(saved.latest_status.status.display_name).toBe('No answer 2');
    await screenshot(desk.page, 'team-orders-status-chip-ar');
    // Back to English for the other specs.
    await desk.page.evaluate(() => localStorage.setItem('appLocale', 'en'));
    await desk.context.close();
    await phone.context.close();
  });

  it("in Arabic at phone width: the team and the roles matrix read right to left; one's own row offers the profile, not a reset", async () => {
    const phone = await signedInPage(browser(), DEMO.owner, PHONE);
    await inArabic(phone.page);
    await phone.page.goto('/build/dashboard/users');
    const own = phone.page.locator('tr', { hasText: DEMO.owner }).first();
    await own.getByTestId('user-menu-button').click();
    const profileLink = phone.page.getByTestId('user-own-password');
    await profileLink.waitFor();
    expect(await profileLink.textContent()).toBe('تغيير كلمة مروري من ملفي الشخصي');
    expect(await phone.page.getByRole('menuitem', { name: 'إرسال رابط كلمة المرور' }).count()).toBe(0);
    await screenshot(phone.page, 'team-users-own-row-ar-phone');
    await profileLink.click();
    await phone.page.waitForURL(/\/dashboard\/profile$/);

    await phone.page.goto('/build/dashboard/roles-permissions');
    await phone.page.getByTestId('permission-matrix').waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // Nothing wider than the phone: the matrix wraps instead of scrolling the page sideways.
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phone.page, 'team-roles-matrix-ar-phone');
    await phone.page.evaluate(() => localStorage.setItem('appLocale', 'en'));
    await phone.context.close();
  });
  it('in Arabic: a role keeper sees what they may not grant greyed out with the reason, and a stronger role locked', async () => {
    const owner = await signedInPage(browser(), DEMO.owner);
    const held = ['view home', 'view profile', 'view orders', 'view users', 'manage users'];
    const role = await apiCall<{ id: number }>(owner.page, 'POST', '/dashboard/roles', {
      name: `Keepers ${tag()}`,
      permissions: [...held, 'view roles-permissions', 'manage roles'],
    });
    const email = `keeper-${tag()}@demo.dz`;
    await apiCall(owner.page, 'POST', '/dashboard/users', {
      name: 'Amina Keeper',
      email,
      role_id: role.id,
      password: 'keeper-pass-123',
      password_confirmation: 'keeper-pass-123',
    });
    await owner.context.close();

    const keeper = await newPage(browser());
    await signIn(keeper.page, email, 'keeper-pass-123');
    await inArabic(keeper.page);
    await keeper.page.goto('/build/dashboard/roles-permissions');
    const matrix = keeper.page.getByTestId('permission-matrix');
    await matrix.waitFor();
    // Their own role: what they hold can be ticked, the rest is disabled, and the screen says why.
    await keeper.page
      .getByTestId('roles-list')
      .getByText(/Keepers/)
      .click();
    const notice = keeper.page.getByTestId('role-not-held');
    await notice.waitFor();
    expect(await notice.textContent()).toBe('الصلاحيات الرمادية هي التي لا تملكها: لا يمكنك منحها.');
    expect(await keeper.page.locator('input[data-permission="manage settings"]').isDisabled()).toBe(true);
    expect(await keeper.page.locator('input[data-permission="manage settings"]').getAttribute('data-not-held')).toBe(
      'true',
    );
    expect(await keeper.page.locator('input[data-permission="view orders"]').isDisabled()).toBe(false);
    await keeper.page.locator('input[data-permission="manage settings"]').locator('xpath=../../..').hover();
    await keeper.page.getByRole('tooltip', { name: 'لا تملك هذه الصلاحية، فلا يمكنك منحها.' }).waitFor();
    await screenshot(keeper.page, 'team-roles-not-held-ar');

    // A role holding more than they hold cannot be changed, duplicated or deleted.
    await keeper.page.getByTestId('roles-list').getByText('مدير', { exact: false }).first().click();
    await keeper.page.getByTestId('role-beyond').waitFor();
    expect(await keeper.page.getByTestId('role-duplicate').isDisabled()).toBe(true);
    expect(await keeper.page.locator('input[data-permission="view orders"]').isDisabled()).toBe(true);
    expect(await keeper.page.getByTestId('role-save').count()).toBe(0);
    await screenshot(keeper.page, 'team-roles-beyond-ar');

    // Saving a permission they lack is refused by the server too, with the translated reason.
    const refused = await keeper.page.request.fetch('/dashboard/roles', {
      method: 'POST',
      headers: { Authorization: `Bearer ${await keeper.page.evaluate(() => localStorage.getItem('accessToken'))}` },
      data: { name: `Sneaky ${tag()}`, permissions: ['manage settings'] },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).code).toBe('team.permission_not_held');
    await keeper.page.evaluate(() => localStorage.setItem('appLocale', 'en'));
    await keeper.context.close();
  });
});
