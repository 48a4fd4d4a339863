import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { TLocale } from '@cod/shared';
import { LOCALE_NAMES, SUPPORTED_LOCALES } from '../../lib/locales';
import { useEndAlignedOrigins } from './popover-origin';

interface TLanguageMenuProps {
  anchorEl: HTMLElement | null;
  current: string | undefined;
  onChoose: (locale: TLocale) => void;
  onClose: () => void;
}

/** The language switcher's list (SPEC 1); its own chunk, see language-switcher.tsx. */
export function LanguageMenu({ anchorEl, current, onChoose, onClose }: TLanguageMenuProps) {
  const origins = useEndAlignedOrigins();
  return (
    <Menu anchorEl={anchorEl} open={Boolean(anchorEl)} onClose={onClose} {...origins}>
      {SUPPORTED_LOCALES.map((locale) => (
        <MenuItem key={locale} lang={locale} selected={locale === current} onClick={() => onChoose(locale)}>
          <ListItemText>{LOCALE_NAMES[locale]}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
