import { avatarColor } from '@cod/shared';
import { describe, expect, it } from 'vitest';
import { DEMO, newPage, sharedBrowser, signedInPage, signIn } from './support/browser.js';

describe('application shell', () => {
  const browser = sharedBrowser();

  it("paints the user menu initial on avatarColor(name) and shows the agent's commission type", async () => {
    const { context, page } = await signedInPage(browser(), DEMO.agent);
    const name = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('userData') ?? '{}') as { name: string }).name,
    );
    const initial = page.getByRole('button', { name: 'Account menu' }).getByTestId('user-initial');

    expect(await initial.textContent()).toBe(name.trim()[0]!.toUpperCase());
    const colour = await initial.evaluate((el) => getComputedStyle(el).backgroundColor);
    const expected = await page.evaluate((hex) => {
      const probe = document.createElement('i');
      probe.style.color = hex;
      document.body.append(probe);
      const rgb = getComputedStyle(probe).color;
      probe.remove();
      return rgb;
    }, avatarColor(name));
    expect(colour).toBe(expected);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByText('Commission Type: fixed').waitFor();
    // offsetWidth ignores the opening animation's scale transform.
    const width = await page.locator('.MuiPopover-paper').evaluate((el) => (el as HTMLElement).offsetWidth);
    expect(width).toBe(230);
    await context.close();
  });

  it('shows the footer text (SPEC 1)', async () => {
    const { context, page } = await signedInPage(browser(), DEMO.owner);
    const footer = page.locator('footer');

    expect(await footer.getByTestId('footer-copyright').textContent()).toBe(
      `© ${new Date().getFullYear()} CODBoard, All rights reserved`,
    );
    const release = footer.getByTestId('footer-release');
    expect(await release.locator('span').allTextContents()).toEqual(['v2.1', 'Last release 28/10/2025']);
    await context.close();
  });

  it('shows the 404 page for an unknown route, with a way home', async () => {
    const { context, page } = await newPage(browser());

    await page.goto('/build/no/such/page');

    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL('**/build/login');
    await context.close();
  });

  it('on a 401 (bogus token) lands on /build/login with the three keys cleared (SPEC 8)', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/build/login');
    await page.evaluate(() => {
      localStorage.setItem('accessToken', 'bogus-token');
      localStorage.setItem('userData', JSON.stringify({ id: 1, name: 'Ghost', permissions: [] }));
      localStorage.setItem('userAbilities', JSON.stringify([{ action: 'read', subject: 'Auth' }]));
    });

    await page.goto('/build/dashboard/customers');

    await page.waitForURL('**/build/login');
    const keys = await page.evaluate(() =>
      ['accessToken', 'userData', 'userAbilities'].map((k) => localStorage.getItem(k)),
    );
    expect(keys).toEqual([null, null, null]);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await context.close();
  });

  it("speaks the account's language after sign-in, and logs out through the user menu", async () => {
    const { context, page } = await newPage(browser());
    // The demo manager's account language is French; with no appLocale stored it wins (SPEC 7).
    await signIn(page, DEMO.manager);
    await page.getByRole('heading', { level: 1, name: /^Bon retour/ }).waitFor();

    await page.getByRole('button', { name: 'Menu du compte' }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();

    await page.waitForURL('**/build/login');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await context.close();
  });
});
