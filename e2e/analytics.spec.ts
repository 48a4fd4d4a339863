import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localToday, type TAccountingReport, type TAgentCommissionsReport, type TAnalyticsReport } from '@cod/shared';
import { demoOwnerPage, screenshot } from './support/browser.js';
import { apiCall } from './support/catalogue.js';

/** Issue 14.2/14.5: the analytics views render the demo shop's numbers in English and Arabic. */
let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ browser, page } = await demoOwnerPage());
});

afterAll(async () => {
  // The Arabic test switches the owner's language, which is stored on the account: give the
  // specs that run after this one their English back.
  if (page) await apiCall(page, 'POST', '/locale', { locale: 'en' }).catch(() => undefined);
  await browser?.close();
});

const VIEWS: Array<[string, string]> = [
  ['/build/dashboard/analytics', 'Analytics'],
  ['/build/analytics/orders', 'Orders analytics'],
  ['/build/analytics/confirmation', 'Confirmation'],
  ['/build/analytics/delivered', 'Delivered'],
  ['/build/analytics/returns', 'Returns'],
  ['/build/analytics/canceled', 'Cancelled'],
  ['/build/analytics/agents', 'Agents'],
  ['/build/analytics/flow', 'Order flow'],
  ['/build/analytics/daily', 'Daily'],
  ['/build/analytics/accounting', 'Accounting analytics'],
];

/** Waits until the KPIs of the accounting view show their numbers ('…' while loading). */
async function accountingKpisLoaded(page: Page) {
  await page.waitForFunction(
    () => {
      const values = [...document.querySelectorAll('[data-kpi^="accounting-"] [data-kpi-value]')];
      return values.length > 0 && values.every((v) => v.textContent !== '…');
    },
    undefined,
    { timeout: 30_000 },
  );
}

/** Waits until no chart card is loading any more. */
async function settled(page: Page) {
  await page.locator('[data-chart]').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid="chart-loading"]'), undefined, {
    timeout: 30_000,
  });
}

describe('analytics views', () => {
  it('every view renders with the demo data in English', async () => {
    const report = await apiCall<TAnalyticsReport>(page, 'GET', '/dashboard/analytics/report?date=last_30_days');
    expect(report.totals.created?.n ?? 0).toBeGreaterThan(0);
    for (const [url, title] of VIEWS) {
      await page.goto(`${url}?date=last_30_days`);
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      await settled(page);
      // No chart of a view with data shows an error.
      expect(await page.getByText('The numbers could not be loaded.').count(), url).toBe(0);
    }
    await page.goto('/build/dashboard/analytics?date=last_30_days');
    await settled(page);
    const orders = (await page.locator('[data-kpi="orders"] [data-kpi-value]').textContent())?.replace(/\s/g, '');
    // Shown with the interface language's digit grouping ("1,001" in English).
    expect(orders?.replace(/\D/g, '')).toBe(String(report.totals.created!.n));
    await screenshot(page, 'analytics-overview-en');
    await page.goto('/build/analytics/delivered?date=last_30_days');
    await settled(page);
    expect(await page.locator('[data-wilaya]').count()).toBe(58);
    await screenshot(page, 'analytics-delivered-en');
    // The worst communes and the cancellation reasons (decision 0111), from the demo data.
    const communes = page.locator('[data-chart="delivered_worst_communes"]');
    await communes.getByRole('button', { name: 'Table' }).click();
    expect(await communes.locator('tbody tr').count()).toBeGreaterThan(0);
    await communes.getByRole('button', { name: 'Chart' }).click();
    await communes.scrollIntoViewIfNeeded();
    await screenshot(page, 'analytics-worst-communes-en');
    const reasons = await apiCall<TAnalyticsReport>(
      page,
      'GET',
      '/dashboard/analytics/report?date=last_30_days&compare=false&breakdown=reason',
    );
    const byReason = reasons.breakdown!.rows.reduce((n, r) => n + (r.metrics.cancelled?.n ?? 0), 0);
    expect(byReason).toBeGreaterThan(0);
    expect(byReason).toBe(reasons.totals.cancelled?.n);
    await page.goto('/build/analytics/canceled?date=last_30_days');
    await settled(page);
    const reasonCard = page.locator('[data-chart="cancel_reasons"]');
    await reasonCard.getByRole('button', { name: 'Table' }).click();
    expect(await reasonCard.locator('tbody tr').count()).toBe(reasons.breakdown!.rows.length);
    await reasonCard.getByRole('button', { name: 'Chart' }).click();
    await reasonCard.scrollIntoViewIfNeeded();
    await screenshot(page, 'analytics-canceled-en');
  }, 180_000);

  it('the accounting view shows the money: ad spend, profit, ROAS; agents show commission (decisions 0116, 0117)', async () => {
    // One more ad spend of today for facebook, on top of the demo's imported ones.
    const box = await apiCall<{ id: number }>(page, 'POST', '/dashboard/cases', {
      name: `E2E Pub ${Date.now()}`,
      kind: 'bank',
    });
    const categories = await apiCall<{ data: Array<{ id: number; code: string }> }>(
      page,
      'GET',
      '/dashboard/expenses/categories',
    );
    await apiCall(page, 'POST', '/dashboard/expenses', {
      occurred_on: localToday(new Date(), 'Africa/Algiers'),
      amount_centimes: 1_234_500,
      category_id: categories.data.find((c) => c.code === 'ads')!.id,
      box_id: box.id,
      sales_source: 'facebook',
    });
    const money = await apiCall<TAccountingReport>(page, 'GET', '/dashboard/analytics/accounting?date=last_30_days');
    expect(money.totals.ad_spend_centimes).toBeGreaterThanOrEqual(1_234_500);
    expect(money.totals.revenue_centimes).toBeGreaterThan(0);
    await page.goto('/build/analytics/accounting?date=last_30_days');
    await page.getByRole('heading', { name: 'Accounting analytics', level: 1 }).waitFor();
    await settled(page);
    await accountingKpisLoaded(page);
    const kpi = async (id: string) =>
      ((await page.locator(`[data-kpi="accounting-${id}"] [data-kpi-value]`).textContent()) ?? '').replace(/\D/g, '');
    const dinars = (c: number) => String(Math.round(Math.abs(c) / 100));
    expect(await kpi('ad_spend')).toBe(dinars(money.totals.ad_spend_centimes));
    expect(await kpi('revenue')).toBe(dinars(money.totals.revenue_centimes));
    expect(await kpi('profit')).toBe(dinars(money.totals.profit_centimes));
    expect(await page.locator('[data-chart="accounting_by_campaign"] svg').count()).toBeGreaterThan(0);
    // Horizontal bars have a readable value axis (ticks with money labels).
    const ticks = page.locator(
      '[data-chart="accounting_by_campaign"] .MuiChartsAxis-directionX .MuiChartsAxis-tickLabel',
    );
    expect(await ticks.count()).toBeGreaterThan(1);
    expect(await ticks.first().textContent()).toMatch(/DA/);
    await screenshot(page, 'analytics-accounting-en');
    await page.goto('/build/analytics/agents?date=last_30_days');
    await settled(page);
    const leaderboardTicks = page.locator('[data-chart="agents"] .MuiChartsAxis-directionX .MuiChartsAxis-tickLabel');
    expect(await leaderboardTicks.count()).toBeGreaterThan(1);
    // Commission earned per agent: the ledger's rows of the period (the API's), or the empty state.
    const earned = await apiCall<TAgentCommissionsReport>(
      page,
      'GET',
      '/dashboard/analytics/commissions?date=last_30_days',
    );
    const commissionCard = page.locator('[data-chart="agent_commissions"]');
    await commissionCard.waitFor();
    await commissionCard.scrollIntoViewIfNeeded();
    if (earned.rows.length) {
      await commissionCard.getByRole('button', { name: 'Table' }).click();
      expect(await commissionCard.locator('tbody tr').count()).toBe(earned.rows.length);
      await commissionCard.getByRole('button', { name: 'Chart' }).click();
    } else {
      expect(await commissionCard.locator('[data-empty]').count()).toBe(1);
    }
    await screenshot(page, 'analytics-agent-commissions-en');
  }, 120_000);

  it('a filter change updates the URL and the chart', async () => {
    await page.goto('/build/analytics/orders?date=last_30_days');
    await settled(page);
    const before = await page.locator('[data-chart="by_source"] table, [data-chart="by_source"] svg').count();
    expect(before).toBeGreaterThan(0);
    // The days and the sources are written under their charts (an axis too short blanks them).
    for (const chart of ['orders', 'by_source']) {
      const labels = page.locator(`[data-chart="${chart}"] .MuiChartsAxis-directionX .MuiChartsAxis-tickLabel`);
      const written = (await labels.allTextContents()).filter((text) => text.trim() !== '');
      expect(written.length, chart).toBeGreaterThan(1);
    }
    const sourceReport = page.waitForResponse(
      (r) => r.url().includes('breakdown=source') && r.url().includes('source=facebook'),
    );
    await page.locator('[data-filter="source"]').locator('..').click();
    await page.getByRole('option', { name: 'facebook', exact: true }).click();
    await page.waitForURL(/source=facebook/);
    expect((await sourceReport).status()).toBe(200);
    await settled(page);
    // The by-source table now holds facebook only.
    await page.locator('[data-chart="by_source"]').getByRole('button', { name: 'Table' }).click();
    const rows = page.locator('[data-chart="by_source"] tbody tr');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('facebook');
    // Period change: the URL follows.
    await page.locator('[data-filter="date"]').locator('..').click();
    await page.getByRole('option', { name: 'Last 90 days' }).click();
    await page.waitForURL(/date=last_90_days/);
    expect(page.url()).toContain('source=facebook');
    await settled(page);
    // 90 days on a laptop-wide card: a date every 80 px or so, not one or two (decision 0129).
    const days = page.locator('[data-chart="orders"] .MuiChartsAxis-directionX .MuiChartsAxis-tickLabel');
    expect((await days.allTextContents()).filter((text) => text.trim() !== '').length).toBeGreaterThanOrEqual(4);
  });

  it('renders right to left in Arabic', async () => {
    await page.goto('/build/dashboard/analytics?date=last_30_days');
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'العربية' }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByText('نسبة التأكيد').first().waitFor();
    await settled(page);
    await screenshot(page, 'analytics-overview-ar');
    for (const url of ['/build/analytics/confirmation', '/build/analytics/returns', '/build/analytics/agents']) {
      await page.goto(`${url}?date=last_30_days`);
      await settled(page);
      expect(await page.getByText('تعذّر تحميل الأرقام.').count(), url).toBe(0);
    }
    await screenshot(page, 'analytics-agents-ar');
    // The accounting view in Arabic: its numbers, right to left, the value axis of its bars readable.
    await page.goto('/build/analytics/accounting?date=last_30_days');
    await page.getByText('الربح حسب الحملة').first().waitFor();
    await settled(page);
    await accountingKpisLoaded(page);
    expect(await page.getByText('تعذّر تحميل الأرقام.').count()).toBe(0);
    const profit = await page.locator('[data-kpi="accounting-profit"] [data-kpi-value]').textContent();
    expect(profit).toMatch(/[0-9٠-٩]/);
    expect(profit).toMatch(/DA/);
    const arTicks = page.locator(
      '[data-chart="accounting_by_campaign"] .MuiChartsAxis-directionX .MuiChartsAxis-tickLabel',
    );
    expect(await arTicks.count()).toBeGreaterThan(1);
    await screenshot(page, 'analytics-accounting-ar');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/build/analytics/returns?date=last_30_days');
    await settled(page);
    await screenshot(page, 'analytics-returns-ar-mobile');
    await page.goto('/build/analytics/accounting?date=last_30_days');
    await settled(page);
    const mobileTicks = page.locator(
      '[data-chart="accounting_by_product"] .MuiChartsAxis-directionX .MuiChartsAxis-tickLabel',
    );
    expect(await mobileTicks.count()).toBeGreaterThan(1);
    await page.locator('[data-chart="accounting_by_product"]').scrollIntoViewIfNeeded();
    await screenshot(page, 'analytics-accounting-ar-mobile');
    // Issue 14.5: on a phone the sources and campaigns lie beside horizontal bars, written and none
    // over another, inside their card.
    await page.goto('/build/analytics/orders?date=last_30_days');
    await settled(page);
    for (const chart of ['by_source', 'by_campaign']) {
      const card = page.locator(`[data-chart="${chart}"]`);
      await card.scrollIntoViewIfNeeded();
      expect(await card.locator('[data-layout]').first().getAttribute('data-layout'), chart).toBe('horizontal');
      const bounds = await card.boundingBox();
      const names = await card
        .locator('.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel')
        .evaluateAll((labels) =>
          labels
            .map((label) => ({ text: label.textContent ?? '', box: label.getBoundingClientRect().toJSON() as DOMRect }))
            .filter((label) => label.text.trim() !== ''),
        );
      expect(names.length, chart).toBeGreaterThan(1);
      const byTop = names.map((n) => n.box).sort((a, b) => a.top - b.top);
      for (let i = 1; i < byTop.length; i += 1)
        expect(byTop[i]!.top, chart).toBeGreaterThanOrEqual(byTop[i - 1]!.bottom - 1);
      for (const name of names) {
        expect(name.box.left, name.text).toBeGreaterThanOrEqual(bounds!.x - 1);
        expect(name.box.right, name.text).toBeLessThanOrEqual(bounds!.x + bounds!.width + 1);
      }
    }
    await screenshot(page, 'analytics-orders-ar-mobile');
    await page.setViewportSize({ width: 1440, height: 900 });
  }, 180_000);
});
