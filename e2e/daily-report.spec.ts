import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDailyReport, THomeNumbers } from '@cod/shared';
import { DEMO, launchBrowser, newPage, screenshot, signIn } from './support/browser.js';
import { apiCall } from './support/catalogue.js';

/**
 * Issue 14.3-14.4: the home page's numbers (an owner sees the shop's day, an agent their queue)
 * and the daily report page in English and Arabic, with its PDF.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const textOf = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent())?.trim() ?? '';

/** Fetches the report's PDF with the page's session, as the PDF button does. */
async function pdfOf(page: Page, day: string, locale: string) {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const response = await page.request.fetch(`/dashboard/reports/daily/pdf?day=${day}&locale=${locale}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return { status: response.status(), type: response.headers()['content-type'], body: await response.body() };
}

describe('home numbers', () => {
  it("shows the owner the shop's day, low stock and the subscription", async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, DEMO.owner);
    const numbers = await apiCall<THomeNumbers>(page, 'GET', '/dashboard/home');
    expect(numbers.shop).not.toBeNull();
    await page.getByRole('heading', { name: 'The shop today' }).waitFor();
    expect(await textOf(page, 'home-created')).toBe(String(numbers.shop!.created));
    expect(await textOf(page, 'home-confirmed')).toBe(String(numbers.shop!.confirmed));
    await page.getByRole('heading', { name: 'Low stock' }).waitFor();
    await page.getByTestId('home-subscription').getByText('Subscription').waitFor();
    await screenshot(page, 'daily-report-home-owner');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('heading', { name: 'The shop today' }).waitFor();
    await screenshot(page, 'daily-report-home-owner-mobile');
    await context.close();
  });

  it('shows an agent their own queue and not the shop', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, DEMO.agent);
    const numbers = await apiCall<THomeNumbers>(page, 'GET', '/dashboard/home');
    expect(numbers.shop).toBeNull();
    expect(numbers.queue).not.toBeNull();
    await page.getByRole('heading', { name: 'My queue' }).waitFor();
    expect(await textOf(page, 'home-to-call')).toBe(String(numbers.queue!.to_call));
    expect(await textOf(page, 'home-callbacks-due')).toBe(String(numbers.queue!.callbacks_due));
    expect(await textOf(page, 'home-confirmed-today')).toBe(String(numbers.queue!.confirmed_today));
    expect(await page.getByRole('heading', { name: 'The shop today' }).count()).toBe(0);
    await screenshot(page, 'daily-report-home-agent');
    await context.close();
  });
});

describe('the daily report page', () => {
  let page: Page;

  beforeAll(async () => {
    ({ page } = await newPage(browser));
    await signIn(page, DEMO.owner);
  });

  afterAll(async () => {
    // The language is kept on the account: give the other specs their English back.
    if (page) await apiCall(page, 'POST', '/locale', { locale: 'en' }).catch(() => undefined);
  });

  it("renders yesterday's report in English, moves by day in the URL and opens its PDF", async () => {
    const { data } = await apiCall<{ data: TDailyReport }>(page, 'GET', '/dashboard/reports/daily');
    await page.goto('/build/reports/daily');
    await page.getByRole('heading', { name: 'Daily report', level: 1 }).waitFor();
    const report = page.getByTestId('daily-report');
    await report.waitFor();
    expect(await report.getAttribute('data-day')).toBe(data.summary.day);
    expect(await textOf(page, 'report-created')).toBe(String(data.summary.created));
    await screenshot(page, 'daily-report-en');

    // The previous day goes into the URL; a reload keeps it.
    await page.getByRole('button', { name: 'Previous day' }).click();
    await page.waitForURL(/day=\d{4}-\d{2}-\d{2}/);
    const before = new URL(page.url()).searchParams.get('day')!;
    await page.locator(`[data-testid="daily-report"][data-day="${before}"]`).waitFor();
    await page.reload();
    await page.locator(`[data-testid="daily-report"][data-day="${before}"]`).waitFor();

    // The PDF button fetches the PDF and opens it in a new tab.
    const answer = page.waitForResponse((r) => r.url().includes('/dashboard/reports/daily/pdf'));
    const tab = page.context().waitForEvent('page');
    await page.getByTestId('report-pdf').click();
    const response = await answer;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    await (await tab).close();

    const pdf = await pdfOf(page, before, 'en');
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('renders in Arabic, right to left, with an Arabic PDF', async () => {
    await page.goto('/build/reports/daily');
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByRole('heading', { name: 'التقرير اليومي', level: 1 }).waitFor();
    await page.getByTestId('daily-report').waitFor();
    await page.getByRole('columnheader', { name: 'المؤشر' }).waitFor();
    await page.getByText('نسبة التأكيد').first().waitFor();
    await screenshot(page, 'daily-report-ar');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'daily-report-ar-mobile');
    await page.setViewportSize({ width: 1440, height: 900 });

    const day = (await page.getByTestId('daily-report').getAttribute('data-day'))!;
    const pdf = await pdfOf(page, day, 'ar');
    expect(pdf.status).toBe(200);
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');

    // The Arabic home page too.
    await page.goto('/build/dashboard');
    await page.getByRole('heading', { name: 'المتجر اليوم' }).waitFor();
    await screenshot(page, 'daily-report-home-owner-ar');
  });
});
