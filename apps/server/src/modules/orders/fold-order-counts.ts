import { type Db } from '../../db/client.js';
import { foldOrderCounts as foldOrderCountsRows } from './order-counts.repository.js';

/** Public entry (for other modules, e.g. imports) to fold a tenant's order counters after a bulk write. */
export async function foldOrderCounts(db: Db, tenantId: number): Promise<void> {
  await foldOrderCountsRows(db, tenantId);
}
