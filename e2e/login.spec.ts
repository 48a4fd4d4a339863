import { describe, expect, it } from 'vitest';
import { DEMO, newPage, sharedBrowser, signedInPage } from './support/browser.js';

describe('login', () => {
  const browser = sharedBrowser();

  it('shows the server field error under Email for a wrong password', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/build/login');

    await page.getByLabel('Email').fill(DEMO.owner);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();

    // The message sits under the Email field: it is that input's accessible description.
    const email = page.getByLabel('Email');
    await page.getByText('These credentials do not match our records.').waitFor();
    const describedBy = await email.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(
      'These credentials do not match our records.',
    );
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/build/login');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await context.close();
  });

  it('signs in with the right password and lands on /build/dashboard with the session stored', async () => {
    const { context, page } = await signedInPage(browser(), DEMO.owner);

    expect(new URL(page.url()).pathname).toBe('/build/dashboard');
    await page.getByRole('heading', { level: 1, name: /Welcome back/ }).waitFor();
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('accessToken'),
      user: JSON.parse(localStorage.getItem('userData') ?? 'null') as { email: string } | null,
      abilities: JSON.parse(localStorage.getItem('userAbilities') ?? '[]') as unknown[],
    }));
    expect(stored.token).toBeTruthy();
    expect(stored.user?.email).toBe(DEMO.owner);
    expect(stored.abilities.length).toBeGreaterThan(1);
    await context.close();
  });

  it('sends a signed-in user from /login to the dashboard, and / to the dashboard', async () => {
    const { context, page } = await signedInPage(browser(), DEMO.manager);

    await page.goto('/build/login');
    await page.waitForURL('**/build/dashboard');
    await page.goto('/build/');
    await page.waitForURL('**/build/dashboard');
    await context.close();
  });

  it('sends a signed-out visitor of a dashboard page to /login', async () => {
    const { context, page } = await newPage(browser());

    await page.goto('/build/dashboard/orders');

    await page.waitForURL('**/build/login');
    await context.close();
  });
});
