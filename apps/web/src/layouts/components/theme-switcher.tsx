import { useEffect, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LaptopIcon from '@mui/icons-material/Laptop';
import LightModeIcon from '@mui/icons-material/LightMode';
import { nextTheme, type TTheme } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { useLayoutSettings } from '../../app/layout-settings';

const ICONS: Record<TTheme, { Icon: typeof LaptopIcon; testId: string }> = {
  system: { Icon: LaptopIcon, testId: 'LaptopIcon' },
  light: { Icon: LightModeIcon, testId: 'LightModeIcon' },
  dark: { Icon: DarkModeIcon, testId: 'DarkModeIcon' },
};

/** SPEC 2.1: the tooltip waits 1000 ms before showing the theme name. */
export const THEME_TOOLTIP_DELAY_MS = 1000;

/** SPEC 2.1: system -> light -> dark -> system; laptop, sun, moon. */
export function ThemeSwitcher() {
  const { t, i18n } = useTranslation();
  const { settings, update } = useLayoutSettings();
  const [tooltipOpen, setTooltipOpen] = useState(false);
  const theme = settings.theme;
  const { Icon, testId } = ICONS[theme];
  const name = t(`theme.${theme}`);

  // SPEC 2.1: the tooltip closes on scroll.
  useEffect(() => {
    if (!tooltipOpen) return;
    const close = () => setTooltipOpen(false);
    window.addEventListener('scroll', close, { passive: true, capture: true });
    return () => window.removeEventListener('scroll', close, { capture: true });
  }, [tooltipOpen]);

  return (
    <Tooltip
      title={name.toLocaleUpperCase(i18n.language)}
      enterDelay={THEME_TOOLTIP_DELAY_MS}
      enterNextDelay={THEME_TOOLTIP_DELAY_MS}
      open={tooltipOpen}
      onOpen={() => setTooltipOpen(true)}
      onClose={() => setTooltipOpen(false)}
    >
      <IconButton
        aria-label={t('theme.switch', { theme: name })}
        data-theme={theme}
        onClick={() => update({ theme: nextTheme(theme) })}
      >
        {/* MUI drops its own icon test ids in production builds; the e2e suite reads this one. */}
        <Icon data-testid={testId} />
      </IconButton>
    </Tooltip>
  );
}
