import { Suspense, lazy, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import TranslateIcon from '@mui/icons-material/Translate';
import type { TLocale } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { useChangeLocale } from '../../app/locale/use-change-locale';

// Menu brings Popover, Modal and the focus trap (about 10 KB gzipped) that the sign-in page does not
// need until the button is used (brief 10): fetched on hover or focus, shown on click.
const loadLanguageMenu = () => import('./language-menu');
const LanguageMenu = lazy(() => loadLanguageMenu().then((m) => ({ default: m.LanguageMenu })));

/** SPEC 1: English, French, Arabic. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const { changeLocale, isPending } = useChangeLocale();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first opening on, so closing plays the menu's exit transition.
  const [menuWanted, setMenuWanted] = useState(false);

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
        onPointerEnter={() => void loadLanguageMenu()}
        onFocus={() => void loadLanguageMenu()}
        onClick={(event) => {
          setMenuWanted(true);
          setAnchor(event.currentTarget);
        }}
      >
        <TranslateIcon />
      </IconButton>
      {menuWanted && (
        <Suspense fallback={null}>
          <LanguageMenu
            anchorEl={anchor}
            current={i18n.resolvedLanguage}
            onChoose={choose}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      )}
    </>
  );
}
