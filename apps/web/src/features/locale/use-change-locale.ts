import { useMutation } from '@tanstack/react-query';
import type { TLocale } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { useLayoutSettings } from '../../app/layout-settings';
import { api } from '../../lib/api-client';
import { isRtlLocale, switchLanguage } from '../../lib/i18n';
import { getAccessToken, setStoredLocale } from '../../lib/storage';
import { toast } from '../../lib/toast';

/**
 * SPEC 7 POST /locale: on success the language changes, appLocale is stored, Arabic turns the
 * layout right-to-left, and the scroll position is kept. Guests have no account to tell, so the
 * switch is local.
 */
export function useChangeLocale() {
  const { t, i18n } = useTranslation();
  const { update } = useLayoutSettings();
  const mutation = useMutation({
    mutationFn: (locale: TLocale) => api.post<{ locale: TLocale }>('/locale', { locale }),
  });

  const changeLocale = async (locale: TLocale): Promise<void> => {
    const scrollY = window.scrollY;
    if (getAccessToken()) {
      try {
        await mutation.mutateAsync(locale);
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

  return { changeLocale, isPending: mutation.isPending };
}
