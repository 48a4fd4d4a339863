import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

export const ARTIFACTS_DIR = new URL('../artifacts/', import.meta.url).pathname;

// Debian's Chromium; playwright-core never downloads a browser here.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const DEMO_PASSWORD = 'demo12345';
export const DEMO = {
  owner: 'owner@demo.dz',
  manager: 'manager@demo.dz',
  agent: 'agent@demo.dz',
} as const;

export function baseURL(): string {
  return inject('baseURL');
}

/**
 * Stops the app server gracefully, starts it again (same port, same DATA_DIR), or both; each
 * answers once the server is down or healthy again (global-setup.ts owns the process).
 */
async function controlServer(action: 'stop' | 'start' | 'restart'): Promise<void> {
  const response = await fetch(`${inject('serverControlURL')}/server/${action}`, { method: 'POST' });
  if (response.status !== 204) throw new Error(`e2e: server ${action} failed: ${await response.text()}`);
}
export const stopServer = () => controlServer('stop');
export const startServer = () => controlServer('start');
export const restartServer = () => controlServer('restart');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}

export async function newPage(
  browser: Browser,
  viewport = { width: 1440, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport, colorScheme: 'light' });
  const page = await context.newPage();
  return { context, page };
}

/** Signs in through the form, as a user does, and waits for the dashboard. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/build/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  // Tests start from a settled shell, its page props (bell count, subscription badge) loaded. Not
  // needed for menus: the "menu closed when the page props arrived" glitch was a click on the
  // leaving sign-in screen, which is now inert (apps/web/src/layouts/guest-layout.tsx).
  const pageProps = page.waitForResponse((r) => r.url().endsWith('/dashboard/page-props'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/build/dashboard');
  await pageProps;
  await page.waitForTimeout(200);
}

/** A new page (its own context) signed in through the form as `email`. */
export async function signedInPage(
  browser: Browser,
  email: string,
  viewport?: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, viewport);
  await signIn(opened.page, email);
  return opened;
}

/**
 * One browser for the file or `describe` this is called in: launched before its tests, closed after
 * them. Call the answer for the browser.
 */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('e2e: the shared browser is not launched yet');
    return browser;
  };
}

/** A browser and a page signed in as the demo shop's owner: what most specs open in beforeAll. */
export async function demoOwnerPage(): Promise<{ browser: Browser; page: Page }> {
  const browser = await launchBrowser();
  const { page } = await newPage(browser);
  await signIn(page, DEMO.owner);
  return { browser, page };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = `${ARTIFACTS_DIR}${name}.png`;
  await page.screenshot({ path, fullPage: false });
  return path;
}
