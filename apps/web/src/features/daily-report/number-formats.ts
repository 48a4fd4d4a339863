import { formatCentimes, type TCentimes } from '@cod/shared';
import { useTranslation } from 'react-i18next';

/** The numbers of the home page and the report in the reader's language (fr-DZ, ar-DZ, en-US). */
export function useNumberFormats() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const locale = language === 'ar' ? 'ar-DZ' : language === 'fr' ? 'fr-DZ' : 'en-US';
  const count = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  return {
    count: (value: number) => count.format(value),
    /** A share in [0, 1], or a dash when nothing was counted (null). */
    percent: (value: number | null) => (value === null ? '—' : percent.format(value)),
    money: (value: TCentimes) => formatCentimes(value),
  };
}
