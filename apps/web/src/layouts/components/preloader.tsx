import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { LogoMark } from './app-logo';

/** SPEC 9: the preloader animation loops every 250 ms. */
export const PRELOADER_LOOP_MS = 250;

const pulse = keyframes`
  from { transform: scale(0.9); opacity: 0.65; }
  to { transform: scale(1.05); opacity: 1; }
`;

/** Full-screen overlay shown while the app boots and during page navigation (SPEC 2.1). */
export function Preloader() {
  const { t } = useTranslation();
  return (
    <Box
      role="progressbar"
      aria-label={t('common.loading')}
      aria-busy
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (theme) => theme.zIndex.modal + 10,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'background.default',
      }}
    >
      <Box sx={{ animation: `${pulse} ${PRELOADER_LOOP_MS}ms ease-in-out infinite alternate` }}>
        <LogoMark size={56} />
      </Box>
    </Box>
  );
}
