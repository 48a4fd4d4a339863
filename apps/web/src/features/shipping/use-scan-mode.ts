import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { SCAN_NOTICE_MS, type TScanMode } from './scan-mode';
import { useBarcodeAction } from './shipping-api';
import { useBarcodeWedge } from './use-barcode-wedge';
import { failureMessage } from '../../lib/server-message';

/**
 * SPEC 4 scan modes on the Orders screen: while a mode is on, a keyboard-wedge scan anywhere on
 * the page (SPEC 9: keys under 100 ms apart) selects or validates the scanned order. Entering a
 * mode shows the 2 s notice; the screen switches its page size to SCAN_MODE_PAGE_SIZE (200).
 */
export function useScanMode(options: {
  onSelected: (orderId: number) => void;
  onValidated?: (orderId: number) => void;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<TScanMode | null>(null);
  const action = useBarcodeAction();
  const { onSelected, onValidated } = options;

  const enter = useCallback(
    (next: TScanMode | null) => {
      setMode(next);
      if (next) void toast(t(`shipping.scan_notice_${next}`), { variant: 'info', autoHideDuration: SCAN_NOTICE_MS });
    },
    [t],
  );

  useBarcodeWedge((barcode) => {
    if (!mode) return;
    action.mutate(
      { barcode, action: mode },
      {
        onSuccess: (answer) => {
          if (!answer.order_id) return;
          if (mode === 'select') onSelected(answer.order_id);
          else {
            void toast(t('shipping.validated', { id: answer.order_id }), { variant: 'success' });
            onValidated?.(answer.order_id);
          }
        },
        onError: (error) => {
          const text =
            error instanceof ApiError && error.status === 404
              ? t('shipping.barcode_not_found')
              : error instanceof ApiError && error.status < 500
                ? failureMessage(t, error, 'shipping.action_failed')
                : t('shipping.error_occurred');
          void toast(text, { variant: 'error' });
        },
      },
    );
  }, mode !== null);

  return { mode, enter };
}
