import { act, render, screen } from '@testing-library/react';
import type { i18n as TI18n } from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { createI18n, loadLocalePart, rootInstance, switchLanguage } from './i18n';

// The language switcher calls switchLanguage with the i18n that useTranslation() hands out (a copy
// of the instance in react-i18next 17), exactly like this probe.
let hookI18n: TI18n | undefined;
function Probe() {
  const { t, i18n } = useTranslation();
  hookI18n = i18n;
  return (
    <div>
      <span data-testid="column">{t('orders.columns.customer_full_name')}</span>
      <span data-testid="tab">{t('orders.tabs.ready')}</span>
    </div>
  );
}

describe('language switch through the hook', () => {
  it('re-renders a screen part (Orders) in every language, and the real instance follows', async () => {
    const instance = createI18n('en', { en: { translation: en } });
    await loadLocalePart(instance, 'orders');
    render(
      <I18nextProvider i18n={instance}>
        <Probe />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('column').textContent).toBe('Customer');

    for (const [locale, column] of [
      ['fr', 'Client'],
      ['ar', 'الزبون'],
      ['en', 'Customer'],
    ] as const) {
      await act(() => switchLanguage(hookI18n!, locale));
      expect(screen.getByTestId('column').textContent).toBe(column);
      expect(screen.getByTestId('tab').textContent).not.toBe('orders.tabs.ready');
      // A part asked for after the switch loads in the new language, not the old one.
      expect(instance.language).toBe(locale);
      expect(rootInstance(hookI18n!)).toBe(instance);
    }
  });

  it('a part first asked for after a switch comes in the current language', async () => {
    const instance = createI18n('en', { en: { translation: en } });
    render(
      <I18nextProvider i18n={instance}>
        <Probe />
      </I18nextProvider>,
    );
    await act(() => switchLanguage(hookI18n!, 'fr'));
    await act(() => loadLocalePart(instance, 'orders'));
    expect(screen.getByTestId('column').textContent).toBe('Client');
  });
});
