import { lazy, Suspense, useState } from 'react';
import Fab from '@mui/material/Fab';
import Tooltip from '@mui/material/Tooltip';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { useTranslation } from 'react-i18next';

const Customizer = lazy(() => import('./customizer').then((m) => ({ default: m.Customizer })));

// The support number is deployment configuration; without it wa.me lets the user pick a chat.
const WHATSAPP_NUMBER = import.meta.env.VITE_SUPPORT_WHATSAPP ?? '';

/** SPEC 1: floating WhatsApp contact button; plus the layout customizer's opener. */
export function FloatingActions() {
  const { t } = useTranslation();
  const [customizerOpen, setCustomizerOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('customizer.open')} placement="left">
        <Fab
          size="small"
          color="primary"
          aria-label={t('customizer.open')}
          onClick={() => setCustomizerOpen(true)}
          sx={{ position: 'fixed', insetInlineEnd: 16, bottom: 88, zIndex: (theme) => theme.zIndex.speedDial }}
        >
          <SettingsOutlinedIcon />
        </Fab>
      </Tooltip>
      <Tooltip title={t('whatsapp.contact')} placement="left">
        <Fab
          component="a"
          href={`https://wa.me/${WHATSAPP_NUMBER}`}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('whatsapp.contact')}
          sx={{
            position: 'fixed',
            insetInlineEnd: 16,
            bottom: 24,
            zIndex: (theme) => theme.zIndex.speedDial,
            bgcolor: '#25D366',
            color: '#fff',
            '&:hover': { bgcolor: '#1EBE5A' },
          }}
        >
          <WhatsAppIcon />
        </Fab>
      </Tooltip>
      {customizerOpen && (
        <Suspense fallback={null}>
          <Customizer open={customizerOpen} onClose={() => setCustomizerOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
