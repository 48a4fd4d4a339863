/** SPEC 5: totals of the order form, computed in centimes so 0.1 + 0.2 never shows up. */
export interface TOrderLineAmounts {
  price: number | string;
  quantity: number;
  /** The catalogue price of the product or variant, for the discount. */
  catalogue_price?: number | string | null;
}

const centimes = (amount: number | string | null | undefined) => Math.round(Number(amount ?? 0) * 100);

export function linesTotal(lines: readonly TOrderLineAmounts[]): number {
  return lines.reduce((sum, l) => sum + centimes(l.price) * l.quantity, 0) / 100;
}

/** Total = sum of price x quantity plus the delivery price (0 when free_delivery). */
export function orderTotal(
  lines: readonly TOrderLineAmounts[],
  deliveryPrice: number | string,
  freeDelivery: boolean,
): number {
  const delivery = freeDelivery ? 0 : centimes(deliveryPrice);
  return (centimes(linesTotal(lines)) + delivery) / 100;
}

/** Discount shown = catalogue total minus line total (lines without a catalogue price count at their price). */
export function orderDiscount(lines: readonly TOrderLineAmounts[]): number {
  const catalogue = lines.reduce((sum, l) => sum + centimes(l.catalogue_price ?? l.price) * l.quantity, 0);
  return (catalogue - centimes(linesTotal(lines))) / 100;
}
