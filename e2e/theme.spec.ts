import { APP_TITLE } from '@cod/shared';
import { describe, expect, it } from 'vitest';
import { DEMO, sharedBrowser, signedInPage } from './support/browser.js';

describe('theme switcher', () => {
  const browser = sharedBrowser();

  it('cycles system -> light -> dark -> system, with icon, label and stored key (SPEC 2.1)', async () => {
    const { context, page } = await signedInPage(browser(), DEMO.owner);
    const button = page.getByRole('button', { name: /^Theme: / });
    const storedTheme = () => page.evaluate((key) => localStorage.getItem(key), `${APP_TITLE}-theme`);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

    const steps = [
      { label: 'Theme: System. Switch theme', icon: 'LaptopIcon' },
      { label: 'Theme: Light. Switch theme', icon: 'LightModeIcon', stored: 'light' },
      { label: 'Theme: Dark. Switch theme', icon: 'DarkModeIcon', stored: 'dark' },
      { label: 'Theme: System. Switch theme', icon: 'LaptopIcon', stored: 'system' },
    ];
    const lightBackground = await background();
    for (const [index, step] of steps.entries()) {
      if (index > 0) await button.click();
      expect(await button.getAttribute('aria-label')).toBe(step.label);
      expect(await button.locator(`[data-testid="${step.icon}"]`).count()).toBe(1);
      if (step.stored) expect(await storedTheme()).toBe(step.stored);
      if (step.stored === 'dark') expect(await background()).not.toBe(lightBackground);
    }

    await page.reload();
    expect(await page.getByRole('button', { name: /^Theme: / }).getAttribute('aria-label')).toBe(
      'Theme: System. Switch theme',
    );
    await context.close();
  });

  it('shows the theme name in capitals after a 1 s hover', async () => {
    const { context, page } = await signedInPage(browser(), DEMO.owner);

    await page.getByRole('button', { name: /^Theme: / }).hover();
    const tooltip = page.getByRole('tooltip');
    await page.waitForTimeout(500);
    expect(await tooltip.count()).toBe(0);
    await tooltip.waitFor({ timeout: 3000 });
    expect((await tooltip.textContent())?.trim()).toBe('SYSTEM');
    await context.close();
  });
});
