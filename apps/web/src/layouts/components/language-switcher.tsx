import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TranslateIcon from '@mui/icons-material/Translate';
import type { TLocale } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { useChangeLocale } from '../../features/locale/use-change-locale';
import { LOCALE_NAMES, SUPPORTED_LOCALES } from '../../lib/locales';
import { useEndAlignedOrigins } from './popover-origin';

/** SPEC 1: English, French, Arabic. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const { changeLocale, isPending } = useChangeLocale();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const origins = useEndAlignedOrigins();

  const choose = (locale: TLocale) => {
    setAnchor(null);
    if (locale !== i18n.resolvedLanguage) void changeLocale(locale);
  };

  return (
    <>
      {/* No tooltip here: Tooltip brings Popper into the login page's first paint (brief 10). */}
      <IconButton
        aria-label={t('language.label')}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        disabled={isPending}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <TranslateIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} {...origins}>
        {SUPPORTED_LOCALES.map((locale) => (
          <MenuItem
            key={locale}
            lang={locale}
            selected={locale === i18n.resolvedLanguage}
            onClick={() => choose(locale)}
          >
            <ListItemText>{LOCALE_NAMES[locale]}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
