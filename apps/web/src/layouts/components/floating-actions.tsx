import { lazy, Suspense, useState } from 'react';
import Fab from '@mui/material/Fab';
import Tooltip from '@mui/material/Tooltip';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import { useTranslation } from 'react-i18next';
import { SupportWhatsAppButton } from '../../features/subscription/support-whatsapp-button';

const Customizer = lazy(() => import('./customizer').then((m) => ({ default: m.Customizer })));

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
      {/* SPEC 1 / issue 19: the product's support line, set centrally; hidden without a number. */}
      <SupportWhatsAppButton />
      {customizerOpen && (
        <Suspense fallback={null}>
          <Customizer open={customizerOpen} onClose={() => setCustomizerOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
