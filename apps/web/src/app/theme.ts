import { alpha, createTheme, type Theme } from '@mui/material/styles';
import type { TLayoutSettings } from '@cod/shared';

export const BRAND_PRIMARY = '#7367F0';
export const NAV_WIDTH = 260;
export const NAV_MINI_WIDTH = 72;

interface TThemeOptions {
  mode: 'light' | 'dark';
  direction: 'ltr' | 'rtl';
  skin: TLayoutSettings['skin'];
}

const FONT_STACK = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Noto Sans"',
  '"Noto Sans Arabic"',
  'Tahoma',
  'Arial',
  'sans-serif',
].join(',');

export function createAppTheme({ mode, direction, skin }: TThemeOptions): Theme {
  const bordered = skin === 'bordered';
  const dark = mode === 'dark';
  return createTheme({
    direction,
    palette: {
      mode,
      primary: { main: BRAND_PRIMARY },
      success: { main: '#28C76F', contrastText: '#fff' },
      warning: { main: '#FF9F43', contrastText: '#fff' },
      error: { main: '#EA5455' },
      info: { main: '#00BAD1' },
      background: dark ? { default: '#25293C', paper: '#2F3349' } : { default: '#F8F7FA', paper: '#FFFFFF' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: FONT_STACK,
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      // SPEC 4 skin: 'bordered' trades shadows for a hairline border.
      MuiPaper: {
        defaultProps: { elevation: bordered ? 0 : 1 },
        styleOverrides: {
          root: ({ theme }) =>
            bordered ? { border: `1px solid ${theme.palette.divider}`, backgroundImage: 'none' } : {},
        },
      },
      MuiCard: { defaultProps: { elevation: bordered ? 0 : 2 } },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
      MuiTooltip: { defaultProps: { arrow: true } },
      MuiButtonBase: {
        styleOverrides: {
          // Keyboard users always see where focus is.
          root: ({ theme }) => ({
            '&.Mui-focusVisible': {
              outline: `2px solid ${alpha(theme.palette.primary.main, 0.7)}`,
              outlineOffset: 2,
            },
          }),
        },
      },
    },
  });
}
