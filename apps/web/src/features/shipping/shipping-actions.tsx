import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { toast } from '../../lib/toast';
import { validationFailedMessage } from './shipping-outcome';
import { BarcodeScannerDialog } from './barcode-scanner-dialog';
import { DriverNotifyDialog, DriverUpdatesDialog } from './driver-dialogs';
import { HandOverDialog } from './hand-over-dialog';
import { ParcelTicketsDialog } from './parcel-tickets-dialog';
import type { TScanMode } from './scan-mode';
import { ShipmentTimelineDialog } from './shipment-timeline-dialog';
import { useGoBack, useValidateDispatched } from './shipping-api';
import { failureMessage, translateServerMessage } from '../../lib/server-message';
import type { TCarrierRowAction } from '../orders/row-action-rules';

/** The Orders screen's carrier actions (its TRowAction / TBulkAction names) plus the scanner. */
export type TShippingAction = TCarrierRowAction | 'barcode';

type TOpen = { action: TShippingAction; orderIds: number[]; scanMode?: TScanMode };

/**
 * One hook for the Orders screen (issue 5, SPEC 2.4/4): `run(action, orderIds)` opens the right
 * dialog or runs the call (Validate, Go Back) with SPEC 8's messages; `dialogs` is rendered once.
 * `onChanged` runs after anything that moved orders (the screen clears its selection).
 */
export interface TShippingActionsOptions {
  onChanged?: () => void;
  onScannedSelect?: (orderId: number) => void;
  /** The scanner opened in, or switched to, a mode; null when it closes. */
  onScanMode?: (mode: TScanMode | null) => void;
}

export function useShippingActions(options: TShippingActionsOptions): {
  run: (action: TShippingAction, orderIds: number[], scanMode?: TScanMode) => void;
  dialogs: ReactNode;
} {
  const { t } = useTranslation();
  const [open, setOpen] = useState<TOpen | null>(null);
  const validate = useValidateDispatched();
  const goBack = useGoBack();
  const { onChanged, onScannedSelect, onScanMode } = options;
  const close = useCallback(() => setOpen(null), []);
  const closeScanner = useCallback(() => {
    setOpen(null);
    onScanMode?.(null);
  }, [onScanMode]);
  const modeChanged = useCallback((mode: TScanMode) => onScanMode?.(mode), [onScanMode]);

  const run = useCallback(
    (action: TShippingAction, orderIds: number[], scanMode?: TScanMode) => {
      if (action === 'validate') {
        // SPEC 5: at least one order; SPEC 8: 'Validation failed' / 'Error validating order'.
        if (!orderIds.length) return void toast(t('shipping.select_orders'), { variant: 'warning' });
        validate.mutate(orderIds, {
          onSuccess: (answer) => {
            if (answer.validated.length) void toast(translateServerMessage(t, answer), { variant: 'success' });
            if (answer.errors.length)
              void toast(
                answer.validated.length
                  ? translateServerMessage(t, answer.errors[0]!)
                  : validationFailedMessage(t, answer.errors),
                { variant: 'error' },
              );
            onChanged?.();
          },
          onError: (error) => void toast(failureMessage(t, error, 'shipping.validation_error'), { variant: 'error' }),
        });
        return;
      }
      // Go Back cancels a parcel not yet moving and returns the order to processing: asked first.
      if (action === 'go_back' && !orderIds.length)
        return void toast(t('shipping.select_orders'), { variant: 'warning' });
      setOpen({ action, orderIds, ...(scanMode ? { scanMode } : {}) });
    },
    [onChanged, t, validate],
  );

  /**
   * After the confirmation: one call per order (each may cancel its own parcel at its carrier),
   * one after the other; the first failure is told and the rest are not tried.
   */
  const confirmGoBack = async (orderIds: number[]) => {
    let moved = 0;
    try {
      for (const id of orderIds) {
        await goBack.mutateAsync(id);
        moved += 1;
      }
      void toast(orderIds.length === 1 ? t('shipping.went_back') : t('orders.go_back.done', { count: moved }), {
        variant: 'success',
      });
    } catch (error) {
      void toast(failureMessage(t, error, 'shipping.go_back_failed'), { variant: 'error' });
    } finally {
      setOpen(null);
      if (moved) onChanged?.();
    }
  };

  const single = open?.orderIds[0];
  let dialogs: ReactNode = null;
  if (open?.action === 'go_back') {
    const ids = open.orderIds;
    dialogs = (
      <ConfirmDialog
        open
        title={t('orders.go_back.title', { count: ids.length })}
        message={t('orders.go_back.message', { count: ids.length })}
        confirmLabel={t('orders.go_back.confirm')}
        busy={goBack.isPending}
        onConfirm={() => void confirmGoBack(ids)}
        onClose={close}
      />
    );
  } else if (open?.action === 'assign_shipping' || open?.action === 'dispatch') {
    dialogs = (
      <HandOverDialog
        mode={open.action === 'dispatch' ? 'dispatch' : 'assign'}
        orderIds={open.orderIds}
        onClose={close}
        onDone={() => onChanged?.()}
      />
    );
  } else if (open?.action === 'parcel_tickets') {
    dialogs = <ParcelTicketsDialog orderIds={open.orderIds} onClose={close} />;
  } else if (open?.action === 'shipment_timeline' && single) {
    dialogs = <ShipmentTimelineDialog orderId={single} onClose={close} />;
  } else if (open?.action === 'notify_driver' && single) {
    dialogs = <DriverNotifyDialog orderId={single} onClose={close} />;
  } else if (open?.action === 'driver_updates' && single) {
    dialogs = <DriverUpdatesDialog orderId={single} onClose={close} />;
  } else if (open?.action === 'barcode') {
    dialogs = (
      <BarcodeScannerDialog
        initialMode={open.scanMode ?? 'select'}
        onClose={closeScanner}
        onSelected={(id) => onScannedSelect?.(id)}
        onModeChange={modeChanged}
      />
    );
  }
  return { run, dialogs };
}
