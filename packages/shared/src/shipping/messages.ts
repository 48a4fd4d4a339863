/**
 * SPEC 5 and 8: the shipping messages, to the letter. The server answers per-order errors; the
 * client builds the three bulk outcomes from them with these functions (one source for both).
 */
export const SHIPPING_MESSAGES = {
  selectAtLeastOne: 'Please select at least one order to dispatch',
  noOrdersForDispatch: 'No orders selected for dispatch',
  companyRequired: 'Please select a shipping company',
  companyInvalid: 'The selected shipping company is invalid.',
  ordersInvalid: 'The selected orders are invalid.',
  feeFailed: 'Failed to calculate delivery fee',
  validated: (id: number | string) => `Order ${id} validated successfully`,
  validationFailed: 'Validation failed',
  validationError: 'Error validating order',
  noTickets: 'No parcel tickets available for selected orders',
  unexpected: 'An unexpected error occurred',
  driverNotified: 'Driver notified successfully',
  driverNotifyFailed: 'Failed to notify driver',
  driverMessageRequired: 'The message field is required.',
  driverUpdatesFailed: 'Failed to fetch driver updates',
  barcodeRequired: 'Please enter a barcode',
  barcodeNotFound: 'Order not found for scanned barcode',
  actionFailed: 'Action failed',
  errorOccurred: 'An error occurred',
  refreshFailed: 'Failed to refresh shipment status',
  cancelled: 'Order cancelled successfully',
  cancelFailed: 'Failed to cancel order',
  goBackFailed: 'Failed to move order back',
  noActiveShipment: 'No Active Shipment',
  noStatusUpdates: 'No Status Updates',
  noUpdatesFound: 'No updates found.',
  noStatusUpdatesAvailable: 'No status updates available',
  // Per-order refusals (our wording; the carrier's own message is used when it gives one).
  notReady: 'Only confirmed orders (ready tab) can be handed to a shipping company.',
  shipmentMoving: 'This order already has a parcel that has left the seller.',
  otherCompany: (name: string) => `This order already has a parcel with ${name}; cancel it first.`,
  noShipment: 'This order has no parcel at a shipping company.',
  notDispatched: 'Only dispatched orders can be validated.',
  companyInactive: 'This shipping company is not active.',
  notServed: 'This shipping company does not deliver to this wilaya.',
  credentialsLost: 'The credentials of this shipping company must be entered again.',
  notEcotrack: 'Driver notifications exist only for ecotrack shipments.',
  cannotCancel: 'The shipping company does not allow cancelling this parcel now.',
  notInReady: 'Only orders of the ready tab can go back to processing.',
  wentBack: 'Order moved back to processing',
  refreshed: 'Shipment status refreshed',
} as const;

export type TOrderError = { order_id: number; message: string };

const details = (errors: readonly TOrderError[]) => errors.map((e) => `Order ${e.order_id}: ${e.message}`).join('; ');

/** SPEC 8: the three outcomes of a bulk assign-shipping or dispatch, and the single-order form. */
export function shippingOutcomeMessage(
  action: 'assign' | 'dispatch',
  successCount: number,
  errors: readonly TOrderError[],
  single = false,
): { kind: 'success' | 'partial' | 'error'; message: string } {
  const [verb, past] = action === 'assign' ? ['assign', 'assigned'] : ['dispatch', 'dispatched'];
  if (single && errors.length) {
    return { kind: 'error', message: `Failed to ${verb} order: ${errors.map((e) => e.message).join(', ')}` };
  }
  if (!errors.length) return { kind: 'success', message: `Successfully ${past} all ${successCount} orders!` };
  if (!successCount) return { kind: 'error', message: `Failed to ${verb} orders: ${details(errors)}` };
  return {
    kind: 'partial',
    message: `Successfully ${past} ${successCount} orders, but failed to ${verb} ${errors.length} orders: ${details(errors)}`,
  };
}
