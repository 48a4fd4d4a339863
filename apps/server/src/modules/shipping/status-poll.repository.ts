import { sql } from 'drizzle-orm';
import { FINAL_SHIPMENT_STATUSES } from '../../carriers/shipment-status.js';
import { rows, type Tx } from '../../db/client.js';
import { inList } from '../../db/sql-lists.js';

const FINAL = inList(FINAL_SHIPMENT_STATUSES);

export interface TPollTarget {
  tenant_id: number;
  id: number;
  time_zone: string;
}

/**
 * Companies with parcels still moving (a final status is never polled again), least recently
 * polled first, across shops (a system transaction).
 */
export function pollTargetsOf(tx: Tx, options: { tenantId?: number } = {}): Promise<TPollTarget[]> {
  return rows<TPollTarget>(
    tx,
    sql`select c.tenant_id, c.id, t.time_zone from shipping_companies c join tenants t on t.id = c.tenant_id
        where c.kind <> 'manual' and c.archived_at is null
          ${options.tenantId === undefined ? sql`` : sql`and c.tenant_id = ${options.tenantId}`}
          and exists (
            select 1 from shipments s where s.tenant_id = c.tenant_id and s.shipping_company_id = c.id and s.active
              and (s.status is null or s.status not in (${FINAL})))
        order by c.last_polled_at nulls first`,
  );
}

/** A company's moving parcels, least recently updated first. */
export function movingTrackingNumbers(
  tx: Tx,
  options: { tenantId: number; companyId: number; limit: number },
): Promise<Array<{ tracking_number: string }>> {
  return rows<{ tracking_number: string }>(
    tx,
    sql`select tracking_number from shipments where tenant_id = ${options.tenantId}
          and shipping_company_id = ${options.companyId} and active and (status is null or status not in (${FINAL}))
        order by updated_at limit ${options.limit}`,
  );
}

export async function markCompanyPolled(tx: Tx, tenantId: number, companyId: number): Promise<void> {
  await tx.execute(
    sql`update shipping_companies set last_polled_at = now() where tenant_id = ${tenantId} and id = ${companyId}`,
  );
}
