import {
  averageDuration,
  cancellationRate,
  confirmationRate,
  countOf,
  deliveryRate,
  returnRate,
  type TMetricTable,
} from '@cod/shared';

/** The KPIs of one metric table, from the shared definitions (docs/decisions/0077). */
export function derive(table: TMetricTable | null | undefined) {
  const decided = countOf(table, 'decided');
  const confirmed = countOf(table, 'confirmed');
  const delivered = countOf(table, 'delivered');
  const returned = countOf(table, 'returned');
  return {
    orders: countOf(table, 'created'),
    called: countOf(table, 'called'),
    decided,
    confirmed,
    cancelled: countOf(table, 'cancelled'),
    dispatched: countOf(table, 'dispatched'),
    delivered,
    returned,
    confirmationRate: confirmationRate({ confirmedOrLater: confirmed, decided }),
    cancellationRate: cancellationRate({ cancelled: decided - confirmed, decided }),
    deliveryRate: deliveryRate({ delivered, returned }),
    returnRate: returnRate({ delivered, returned }),
    confirmationDelayS: averageDuration(table?.confirmed?.durationS ?? 0, confirmed),
    deliveryTimeS: averageDuration(table?.delivered?.durationS ?? 0, countOf(table, 'delivered_timed')),
    revenue: table?.delivered?.amount ?? 0,
    ordersValue: table?.created?.amount ?? 0,
    returnedValue: table?.returned?.amount ?? 0,
  };
}
export type TDerived = ReturnType<typeof derive>;
