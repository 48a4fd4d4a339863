import { sql } from 'drizzle-orm';
import type { TStatusType } from '@cod/shared';
import { rows, type Tx } from '../../db/client.js';
import { inList } from '../../db/sql-lists.js';
import { visibleTo, type TOrderScope } from '../orders/order-access.js';

const andVisibleTo = (scope: TOrderScope) => {
  const scoped = visibleTo(scope);
  return scoped ? sql`and ${scoped}` : sql``;
};

/** The order when the scope may see it (deleted ones included, as the timeline always showed them). */
export async function visibleOrderId(tx: Tx, scope: TOrderScope, id: number): Promise<number | null> {
  const [found] = await rows<{ id: number }>(
    tx,
    sql`select o.id from orders o where o.tenant_id = ${scope.tenantId} and o.id = ${id} ${andVisibleTo(scope)}`,
  );
  return found?.id ?? null;
}

/**
 * The live order a scanned barcode names: its tracking number, or its order number when the code is
 * all digits; a tracking number wins over an order number, then the newest order.
 */
export async function orderIdByBarcode(tx: Tx, scope: TOrderScope, barcode: string): Promise<number | null> {
  const numeric = /^\d{1,9}$/.test(barcode) ? Number(barcode) : null;
  const [found] = await rows<{ id: number }>(
    tx,
    sql`select o.id from orders o where o.tenant_id = ${scope.tenantId} and o.deleted_at is null
          and (o.tracking_number = ${barcode} ${numeric === null ? sql`` : sql`or o.order_number = ${numeric}`})
          ${andVisibleTo(scope)}
        order by (o.tracking_number = ${barcode}) desc, o.id desc limit 1`,
  );
  return found?.id ?? null;
}

/**
 * Puts orders on a status because of shipping: dispatch stamps dispatched_at, going back to new
 * clears it, a cancellation stamps cancelled_at.
 */
export async function setShippingStatus(
  tx: Tx,
  options: {
    tenantId: number;
    orderIds: readonly number[];
    status: { id: number; type: TStatusType };
    to: TStatusType;
  },
): Promise<void> {
  const { tenantId, orderIds, status, to } = options;
  if (!orderIds.length) return;
  await tx.execute(
    sql`update orders set status_id = ${status.id}, status_type = ${status.type},
          dispatched_at = ${to === 'inDispatch' ? sql`now()` : to === 'new' ? sql`null` : sql`dispatched_at`},
          cancelled_at = ${to === 'cancelled' ? sql`now()` : sql`cancelled_at`}, updated_at = now()
        where tenant_id = ${tenantId} and id in (${inList(orderIds)})`,
  );
}
