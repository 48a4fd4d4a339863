import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@cod/shared';
import { Link as RouterLink } from 'react-router';
import { BRAND_PRIMARY } from '../../app/theme';

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 32 32"
      aria-hidden
      sx={{ width: size, height: size, flexShrink: 0, display: 'block' }}
    >
      <rect width="32" height="32" rx="8" fill={BRAND_PRIMARY} />
      <path d="M9 11h14l-2 10H11z" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinejoin="round" />
      <circle cx="13" cy="24.5" r="1.6" fill="#fff" />
      <circle cx="19" cy="24.5" r="1.6" fill="#fff" />
    </Box>
  );
}

/** SPEC 2.1: the logo links to '/'. */
export function AppLogo({ showName = true }: { showName?: boolean }) {
  return (
    <Box
      component={RouterLink}
      to="/"
      aria-label={PRODUCT_NAME}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1.25,
        color: 'text.primary',
        textDecoration: 'none',
        minWidth: 0,
      }}
    >
      <LogoMark />
      {showName && (
        <Typography component="span" variant="h6" noWrap sx={{ fontWeight: 700, letterSpacing: 0.2 }}>
          {PRODUCT_NAME}
        </Typography>
      )}
    </Box>
  );
}
