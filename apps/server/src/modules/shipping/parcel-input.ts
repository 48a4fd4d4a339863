import type { TParcelInput } from '../../carriers/carrier.js';
import type { TShippingOrder } from './shipments.repository.js';

/** Our reference at the carrier: the order number, then -2, -3 for later parcels of the same order. */
export function parcelReference(orderNumber: number, previousParcels: number): string {
  return previousParcels === 0 ? String(orderNumber) : `${orderNumber}-${previousParcels + 1}`;
}

export function productSummary(lines: TShippingOrder['lines']): string {
  return lines.map((l) => `${l.quantity}x ${l.name}`).join(', ') || '-';
}

/** An order in the carrier-neutral words of the adapters (decision 0017). Money in DZD. */
export function parcelOf(order: TShippingOrder, reference: string): TParcelInput {
  return {
    reference,
    customer: {
      fullName: order.customer_full_name,
      phone: order.customer_phone_1,
      ...(order.customer_phone_2 ? { phone2: order.customer_phone_2 } : {}),
    },
    address: order.customer_address || order.city_name,
    wilaya: { code: order.state_id, name: order.state_name },
    commune: { name: order.city_name },
    delivery:
      order.is_stopdesk && order.stopdesk_id
        ? { type: 'stopdesk', stopDeskId: String(order.stopdesk_id) }
        : { type: 'home' },
    // The order total already holds the delivery price unless delivery is free (SPEC 5).
    codAmount: order.total,
    productSummary: productSummary(order.lines),
    products: order.lines,
    ...(order.note ? { note: order.note } : {}),
    freeShipping: order.free_delivery,
  };
}
