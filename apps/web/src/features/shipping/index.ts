/** The shipping dialogs the Orders screen opens (issue 5, SPEC 2.4). */
export { HandOverDialog, type THandOverDialogProps } from './hand-over-dialog';
export { ParcelTicketsDialog } from './parcel-tickets-dialog';
export { ShipmentTimelineDialog } from './shipment-timeline-dialog';
export { DriverNotifyDialog, DriverUpdatesDialog } from './driver-dialogs';
export { BarcodeScannerDialog, type TBarcodeScannerDialogProps } from './barcode-scanner-dialog';
export { useBarcodeWedge } from './use-barcode-wedge';
export { SCAN_MODE_PAGE_SIZE, SCAN_NOTICE_MS, type TScanMode } from './scan-mode';
export { SHIPPING_TOAST_MS, handOverMessage, showHandOverOutcome } from './shipping-outcome';
export {
  useBarcodeAction,
  useCancelShipment,
  useGoBack,
  useRefreshShipment,
  useValidateDispatched,
  shippingKeys,
} from './shipping-api';
export { useShippingActions, type TShippingAction } from './shipping-actions';
export { useScanMode } from './use-scan-mode';
