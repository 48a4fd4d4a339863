import { lazy, Suspense, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { ResponsiveDialog } from '../../components/dialogs/responsive-dialog';
import type { TScanMode } from './scan-mode';
import { useBarcodeAction } from './shipping-api';
import { failureMessage, translateServerMessage } from '../../lib/server-message';

const CameraScanner = lazy(() => import('./camera-scanner'));

export interface TBarcodeScannerDialogProps {
  initialMode?: TScanMode;
  onClose: () => void;
  /** A scanned order in select mode: the screen selects its row. */
  onSelected?: (orderId: number) => void;
  /** SPEC 4: the screen enters the scan mode (page size 200, 2 s notice) while the scanner is open. */
  onModeChange?: (mode: TScanMode) => void;
}

type TOutcome = { severity: 'success' | 'error'; text: string };

/**
 * SPEC 2.4 barcode scanner dialog (issue 5.9): type, paste, scan with a keyboard-wedge scanner
 * (it types into the focused field and presses Enter), or use the camera (lazy-loaded). Select
 * mode picks the order's row, validate mode validates the dispatched order.
 */
export function BarcodeScannerDialog({
  initialMode = 'select',
  onClose,
  onSelected,
  onModeChange,
}: TBarcodeScannerDialogProps) {
  const { t } = useTranslation();
  const action = useBarcodeAction();
  const [mode, setMode] = useState<TScanMode>(initialMode);
  const [barcode, setBarcode] = useState('');
  const [camera, setCamera] = useState(false);
  const [outcome, setOutcome] = useState<TOutcome | null>(null);
  useEffect(() => onModeChange?.(mode), [mode, onModeChange]);

  const run = async (code: string) => {
    const value = code.trim();
    // SPEC 5: the barcode must be non-empty.
    if (!value) return setOutcome({ severity: 'error', text: t('shipping.barcode_required') });
    try {
      const answer = await action.mutateAsync({ barcode: value, action: mode });
      if (!answer.success) return setOutcome({ severity: 'error', text: translateServerMessage(t, answer) });
      if (mode === 'select' && answer.order_id) onSelected?.(answer.order_id);
      setOutcome({
        severity: 'success',
        text:
          mode === 'validate'
            ? t('shipping.validated', { id: answer.order_id })
            : t('shipping.selected', { id: answer.order_id }),
      });
      setBarcode('');
    } catch (error) {
      // SPEC 8: 'Order not found for scanned barcode', 'Action failed', 'An error occurred'.
      const text =
        error instanceof ApiError
          ? error.status === 404
            ? t('shipping.barcode_not_found')
            : error.status < 500
              ? failureMessage(t, error, 'shipping.action_failed')
              : t('shipping.error_occurred')
          : t('shipping.action_failed');
      setOutcome({ severity: 'error', text });
    }
  };

  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      maxWidth="xs"
      testId="barcode-scanner-dialog"
      title={t('shipping.scanner_title')}
      onSubmit={(event) => {
        event.preventDefault();
        void run(barcode);
      }}
      actions={
        <>
          <Button startIcon={<PhotoCameraOutlinedIcon />} onClick={() => setCamera((on) => !on)}>
            {t(camera ? 'shipping.camera_off' : 'shipping.camera_on')}
          </Button>
          <Button type="submit" variant="contained" disabled={action.isPending}>
            {t('shipping.scan_submit')}
          </Button>
        </>
      }
    >
      <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={mode}
          onChange={(_event, value: TScanMode | null) => value && setMode(value)}
          aria-label={t('shipping.scan_mode')}
        >
          <ToggleButton value="select">{t('shipping.mode_select')}</ToggleButton>
          <ToggleButton value="validate">{t('shipping.mode_validate')}</ToggleButton>
        </ToggleButtonGroup>
        <TextField
          autoFocus
          label={t('shipping.barcode')}
          value={barcode}
          onChange={(event) => setBarcode(event.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'barcode-input', autoComplete: 'off', dir: 'ltr' } }}
        />
        {outcome && (
          <Alert severity={outcome.severity} data-testid="barcode-outcome">
            {outcome.text}
          </Alert>
        )}
        {camera && (
          <Suspense fallback={<CircularProgress size={28} aria-label={t('shipping.loading')} />}>
            <CameraScanner onCode={(code) => void run(code)} />
          </Suspense>
        )}
      </Box>
    </ResponsiveDialog>
  );
}
