import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pngOf } from './support/catalogue.js';
import { DEMO, newPage, screenshot, sharedBrowser, signedInPage, signIn } from './support/browser.js';

// Issue 18 items 4-6: the profile, shop settings and the audit log, as a user clicks them.
const browser = sharedBrowser();

async function openProfile(page: Page) {
  await page.goto('/build/dashboard/profile');
  await page.getByTestId('profile-details').waitFor();
}

async function setArabic(page: Page) {
  await page.evaluate(() => localStorage.setItem('appLocale', 'ar'));
}

/** The demo manager reads French; these tests read English labels. A page signed in as `email`. */
async function englishPage(email: string) {
  const opened = await newPage(browser());
  await opened.context.addInitScript(() => localStorage.setItem('appLocale', 'en'));
  await signIn(opened.page, email);
  return opened;
}

/** Nothing overflows the phone's width; a shot of the top, then one with `testId` scrolled into view. */
async function phoneWidthShots(page: Page, name: string, testId: string, lowerName: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, name);
  await page.getByTestId(testId).scrollIntoViewIfNeeded();
  await screenshot(page, `${name}-${lowerName}`);
}

describe('profile', () => {
  it('uploads an avatar that the user menu shows at once, and refuses a non-image', async () => {
    const { context, page } = await englishPage(DEMO.manager);
    await openProfile(page);
    const menuButton = page.getByRole('button', { name: 'Account menu' });
    // Before: the initial on its colour.
    expect(await menuButton.getByTestId('user-initial').count()).toBe(1);

    const refused = page.waitForResponse((r) => r.url().endsWith('/profile/avatar'));
    await page.getByTestId('avatar-input').setInputFiles({
      name: 'holiday.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is not a picture at all, only text renamed to .png\n'.repeat(10)),
    });
    expect((await refused).status()).toBe(422);
    await expect.poll(() => page.getByTestId('avatar-error').textContent()).toContain('JPEG, PNG, WebP or GIF');

    const png = await pngOf(page, '#7367F0');
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/profile/avatar'));
    await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    expect((await uploaded).status()).toBe(200);

    const avatarImage = menuButton.locator('img');
    await avatarImage.waitFor();
    const src = await avatarImage.getAttribute('src');
    expect(src).toMatch(/^\/uploads\/\d+\/[A-Za-z0-9_-]{22}\.webp$/);
    // The picture really loads (public, unguessable name).
    await expect
      .poll(() => avatarImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(256);
    // Still there after a reload (stored userData) and inside the opened menu.
    await page.reload();
    await menuButton.click();
    expect(await page.locator('.MuiPopover-paper img').getAttribute('src')).toBe(src);
    await page.keyboard.press('Escape');
    await screenshot(page, 'profile-en-1440');

    // Removing it brings the initial back (and leaves the demo as it was).
    await page.getByRole('button', { name: 'Remove' }).click();
    await menuButton.getByTestId('user-initial').waitFor();
    await context.close();
  });

  it('saves name and phone, lists the devices and signs the others out', async () => {
    // The owner's account language is English, like these labels (the manager's is French).
    const other = await englishPage(DEMO.owner);
    const { context, page } = await englishPage(DEMO.owner);
    await openProfile(page);

    const details = page.getByTestId('profile-details');
    await details.getByLabel('Phone').fill('0661 22 33 44');
    const saved = page.waitForResponse((r) => r.url().endsWith('/profile') && r.request().method() === 'PUT');
    await details.getByRole('button', { name: 'Save changes' }).click();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => details.getByLabel('Phone').inputValue()).toBe('0661223344');

    const sessions = page.getByTestId('profile-sessions');
    await expect.poll(() => sessions.getByTestId('session-row').count()).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'profile-en-1440-sessions');
    await sessions.getByText('This device').waitFor();
    expect(await sessions.getByText('This device').count()).toBe(1);
    await sessions.getByRole('button', { name: 'Sign out all other devices' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => sessions.getByTestId('session-row').count()).toBe(1);
    await sessions.getByText('No other device is signed in.').waitFor();

    // The other browser is signed out at its next request.
    await other.page.goto('/build/dashboard/orders');
    await other.page.waitForURL('**/build/login');
    await other.context.close();
    await context.close();
  });

  it('refuses a wrong current password in Arabic, right to left, at phone width', async () => {
    const { context, page } = await signedInPage(browser(), DEMO.agent, { width: 390, height: 844 });
    await setArabic(page);
    await openProfile(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('heading', { level: 1, name: 'الملف الشخصي' }).waitFor();
    const form = page.getByTestId('profile-password');
    await form.getByLabel(/^كلمة المرور الحالية/).fill('not-the-password');
    await form.getByLabel(/^كلمة المرور الجديدة/).fill('another-secret-1');
    await form.getByLabel(/^تأكيد كلمة المرور الجديدة/).fill('another-secret-1');
    const answer = page.waitForResponse((r) => r.url().endsWith('/profile/password'));
    await form.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
    expect((await answer).status()).toBe(422);
    await form.getByText('كلمة المرور الحالية غير صحيحة.').waitFor();
    await phoneWidthShots(page, 'profile-ar-390', 'profile-sessions', 'sessions');
    await context.close();
  });
});

describe('shop settings', () => {
  it('the owner reaches them from the profile and the system group, and saves them', async () => {
    const { context, page } = await englishPage(DEMO.owner);
    await openProfile(page);
    await page.getByTestId('shop-settings-card').getByRole('link', { name: 'Open shop settings' }).click();
    await page.waitForURL('**/build/dashboard/shop-settings');
    const form = page.getByTestId('shop-settings');
    await form.waitFor();

    await form.getByLabel(/^Sender phone/).fill('0550 11 22 33');
    await form.getByLabel(/^Sender address/).fill('12 rue Didouche Mourad, Alger');
    // Saturday closes; Sunday opens later.
    await form.getByTestId('hours-sat').getByRole('switch').uncheck();
    await form.getByTestId('hours-sun').getByLabel('Opens').fill('10:30');
    const logo = await pngOf(page, '#28C76F');
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/dashboard/shop-settings/logo'));
    await form.getByTestId('logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    expect((await uploaded).status()).toBe(200);
    await form.getByTestId('shop-logo').waitFor();

    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/dashboard/shop-settings') && r.request().method() === 'PUT',
    );
    await form.getByRole('button', { name: 'Save settings' }).click();
    expect((await saved).status()).toBe(200);
    await page.getByText('The shop settings have been saved.').waitFor();

    await page.reload();
    await form.waitFor();
    expect(await form.getByLabel(/^Sender phone/).inputValue()).toBe('0550112233');
    expect(await form.getByTestId('hours-sat').getByRole('switch').isChecked()).toBe(false);
    expect(await form.getByTestId('hours-sun').getByLabel('Opens').inputValue()).toBe('10:30');
    await screenshot(page, 'shop-settings-en-1440');

    // A closing time before the opening time is refused under the field.
    await form.getByTestId('hours-mon').getByLabel('Closes').fill('08:00');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await form.getByTestId('hours-mon').getByText('The closing time must be after the opening time.').waitFor();

    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await nav.getByRole('link', { name: 'Shop settings' }).getAttribute('aria-current')).toBe('page');
    await context.close();
  });

  it('is not in the manager sidebar, and reads right to left in Arabic at phone width', async () => {
    const manager = await englishPage(DEMO.manager);
    const nav = manager.page.getByRole('navigation', { name: 'Main navigation' });
    await nav.waitFor();
    expect(await nav.getByText('Shop settings').count()).toBe(0);
    await manager.context.close();

    const { context, page } = await signedInPage(browser(), DEMO.owner, { width: 390, height: 844 });
    await setArabic(page);
    await page.goto('/build/dashboard/shop-settings');
    await page.getByTestId('shop-settings').waitFor();
    await page.getByRole('heading', { level: 1, name: 'إعدادات المتجر' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await phoneWidthShots(page, 'shop-settings-ar-390', 'hours-sat', 'hours');
    await context.close();
  });
});

describe('audit log', () => {
  it('shows who changed the shop settings with before and after, filters, and exports CSV', async () => {
    const { context, page } = await englishPage(DEMO.owner);
    // A change of this test's own, so the log has a settings entry whatever ran before.
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const current = await (
      await page.request.get('/dashboard/shop-settings', { headers: { Authorization: `Bearer ${token}` } })
    ).json();
    const threshold = (current.low_stock_threshold as number) === 11 ? 12 : 11;
    const put = await page.request.put('/dashboard/shop-settings', {
      headers: { Authorization: `Bearer ${token}` },
      data: { ...current, low_stock_threshold: threshold },
    });
    expect(put.status()).toBe(200);

    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('button', { name: 'System' }).click();
    await nav.getByRole('link', { name: 'Audit log' }).click();
    await page.waitForURL('**/build/dashboard/audit-log');
    await page.getByTestId('audit-row').first().waitFor();

    await page.getByTestId('filter-entity').click();
    await page.getByRole('option', { name: 'Shop settings' }).click();
    await page.waitForURL(/entity=settings/);
    const first = page.getByTestId('audit-row').first();
    await expect.poll(() => first.textContent()).toContain('Shop settings');
    const ownerName = await page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? '{}').name as string);
    expect(await first.textContent()).toContain(ownerName);
    await first.getByRole('button', { name: 'Show the changes' }).click();
    const changes = page.getByTestId('audit-changes').first();
    await changes.waitFor();
    expect(await changes.textContent()).toContain('low_stock_threshold');
    expect(await changes.textContent()).toContain(String(threshold));
    // Every string of the list frame is translated (no raw key such as lists.rows_per_page).
    expect(await page.locator('main').textContent()).not.toMatch(/\blists\.\w+/);
    await screenshot(page, 'audit-log-en-1440');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^audit_log_export_\d{14}\.csv$/);
    await context.close();
  });

  it('reads right to left in Arabic at phone width, and says so when nothing matches', async () => {
    const { context, page } = await signedInPage(browser(), DEMO.owner, { width: 390, height: 844 });
    await setArabic(page);
    await page.goto('/build/dashboard/audit-log');
    await page.getByRole('heading', { level: 1, name: 'سجل التدقيق' }).waitFor();
    await page.getByTestId('audit-row').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'audit-log-ar-390');
    await page.goto('/build/dashboard/audit-log?date_from=2001-01-01&date_to=2001-01-02');
    // The filtered empty state, in Arabic, and no rows.
    await page.getByText('لا توجد نتائج').waitFor();
    expect(await page.getByTestId('audit-row').count()).toBe(0);
    await page.waitForTimeout(1200); // SPEC 9: the navigation preloader clears after 1 s
    await screenshot(page, 'audit-log-ar-390-empty');
    await context.close();
  });
});
