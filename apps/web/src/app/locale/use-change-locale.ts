import type { TLocale } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { useLayoutSettings } from '../layout-settings';
import { api } from '../../lib/api-client';
import { isRtlLocale, switchLanguage } from '../../lib/i18n';
import { getAccessToken, setStoredLocale } from '../../lib/storage';
import { toast } from '../../lib/toast';
import { useRequest } from '../../lib/use-request';

/**
 * SPEC 7 POST /locale: on success the language changes, appLocale is stored, Arabic turns the
 * layout right-to-left, and the scroll position is kept. Guests have no account to tell, so the
 * switch is local. A plain request, not TanStack Query: the switcher is on the login page too.
 */
export function useChangeLocale() {
  const { t, i18n } = useTranslation();
  const { update } = useLayoutSettings();
  const request = useRequest((locale: TLocale) => api.post<{ locale: TLocale }>('/locale', { locale }));

  const changeLocale = async (locale: TLocale): Promise<void> => {
    const scrollY = window.scrollY;
    if (getAccessToken()) {
      try {
        await request.run(locale);
      } catch {
        void toast(t('errors.locale_failed'), { variant: 'error' });
        return;
      }
    }
    await switchLanguage(i18n, locale);
    setStoredLocale(locale);
    update({ isRtl: isRtlLocale(locale) });
    requestAnimationFrame(() => window.scrollTo({ top: scrollY }));
  };

  return { changeLocale, isPending: request.isPending };
}
