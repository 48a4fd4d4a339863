import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';

/** The demo shop (decision 0031) and its first user, across shops (a system transaction). */
export async function findDemoShop(tx: Tx): Promise<{ id: number; owner: number | null } | undefined> {
  const [demo] = await rows<{ id: number; owner: number | null }>(
    tx,
    sql`select t.id, (select min(u.id) from users u where u.tenant_id = t.id) as owner
        from tenants t where t.cq_name = 'demo'`,
  );
  return demo;
}
