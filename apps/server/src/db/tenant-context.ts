import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.js';

/**
 * ARCHITECTURE 3.2: every tenant query runs here. The transaction drops to the non-superuser
 * app role and pins app.tenant_id, so RLS hides other tenants even from a query that forgets
 * its tenant filter. Both settings are LOCAL: they end with the transaction.
 */
export function withTenant<T>(db: Db, tenantId: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (!Number.isInteger(tenantId) || tenantId <= 0) {
    throw new Error(`withTenant needs a tenant id, got ${String(tenantId)}`);
  }
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('app.tenant_id', ${String(tenantId)}, true), set_config('role', 'app_user', true)`,
    );
    return fn(tx);
  });
}

/**
 * Central work that must see across tenants (token and e-mail look-ups at sign-in, creating a
 * tenant, central administration). Runs as the owner role; never reachable from a tenant route's
 * repository.
 */
export function withSystem<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(fn);
}
