import { describe, expect, it } from 'vitest';
import { DEMO, newPage, sharedBrowser, signedInPage } from './support/browser.js';

describe('language switch', () => {
  const browser = sharedBrowser();

  it('Arabic sets <html dir="rtl" lang="ar">, translates the shell, and survives a reload', async () => {
    const { context, page } = await signedInPage(browser(), DEMO.owner);
    const localeCall = page.waitForResponse((r) => r.url().endsWith('/locale') && r.request().method() === 'POST');

    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();

    expect((await localeCall).status()).toBe(200);
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    expect(await page.evaluate(() => localStorage.getItem('appLocale'))).toBe('ar');
    await page.getByRole('navigation', { name: 'التنقل الرئيسي' }).getByRole('link', { name: 'الطلبات' }).waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    await page.getByRole('link', { name: 'الطلبات' }).first().waitFor();

    // Back to English for the other specs' accounts (the choice is also stored server-side).
    await page.getByRole('button', { name: 'اللغة' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
    await context.close();
  });

  it('switches locally on the login page before sign-in', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/build/login');

    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'Français' }).click();

    await page.getByRole('heading', { level: 1, name: 'Connexion' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    expect(await page.evaluate(() => localStorage.getItem('appLocale'))).toBe('fr');
    await context.close();
  });
});
