/** SPEC 4 "Layout state" and SPEC 9 defaults. Stored in localStorage under app-title-prefixed keys. */
export const APP_TITLE = 'codboard';
export const LAYOUT_BREAKPOINT = 1280; // SPEC 9: 1264 base, 1280 applied
export const APP_VERSION = 'v2.1';
export const LAST_RELEASE = '28/10/2025';
export const PRODUCT_NAME = 'CODBoard';

export type TTheme = 'system' | 'light' | 'dark';
export interface TLayoutSettings {
  theme: TTheme;
  skin: 'default' | 'bordered';
  transition: 'fade' | 'none';
  semiDarkNav: boolean;
  navbarBlur: boolean;
  navbarType: 'sticky' | 'hidden' | 'static';
  footerType: 'static';
  navCollapsed: boolean;
  contentWidth: 'fluid' | 'boxed';
  navDirection: 'vertical' | 'horizontal';
  isRtl: boolean;
}

export const LAYOUT_DEFAULTS: TLayoutSettings = {
  theme: 'system',
  skin: 'bordered',
  transition: 'fade',
  semiDarkNav: false,
  navbarBlur: true,
  navbarType: 'sticky',
  footerType: 'static',
  navCollapsed: false,
  contentWidth: 'boxed',
  navDirection: 'vertical',
  isRtl: false,
};

/** SPEC 2.1: system -> light -> dark -> system. */
export function nextTheme(theme: TTheme): TTheme {
  return theme === 'system' ? 'light' : theme === 'light' ? 'dark' : 'system';
}

/** SPEC 4: switching to horizontal turns a hidden navbar sticky and un-collapses vertical nav. */
export function withNavDirection(
  settings: TLayoutSettings,
  navDirection: TLayoutSettings['navDirection'],
): TLayoutSettings {
  if (navDirection === 'vertical') return { ...settings, navDirection };
  return {
    ...settings,
    navDirection,
    navCollapsed: false,
    navbarType: settings.navbarType === 'hidden' ? 'sticky' : settings.navbarType,
  };
}

/**
 * SPEC 4: below the breakpoint the layout is forced vertical (and the nav becomes an overlay);
 * the stored choice is untouched so it comes back when wide again.
 */
export function effectiveLayout(settings: TLayoutSettings, viewportWidth: number) {
  const narrow = viewportWidth < LAYOUT_BREAKPOINT;
  return {
    ...settings,
    navDirection: narrow ? ('vertical' as const) : settings.navDirection,
    overlayNav: narrow,
  };
}
