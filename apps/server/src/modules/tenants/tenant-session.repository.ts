import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';

/**
 * Inside a system transaction that has just created a tenant: from here on the transaction acts as
 * that tenant through its RLS policy (what withTenant sets, for rows written in the same transaction).
 */
export async function actAsNewTenant(tx: Tx, tenantId: number): Promise<void> {
  await tx.execute(
    sql`select set_config('app.tenant_id', ${String(tenantId)}, true), set_config('role', 'app_user', true)`,
  );
}

/** Back to the system (owner) role for the rest of the transaction: central rows come next. */
export async function actAsSystemAgain(tx: Tx): Promise<void> {
  await tx.execute(sql`select set_config('app.tenant_id', '', true)`);
  await tx.execute(sql`set local role none`);
}
