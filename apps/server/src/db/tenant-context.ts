import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.js';

// Names and values of the extra settings: never the role or the tenant, nothing to quote.
const SETTING_NAME = /^(?!role$|app\.tenant_id$)[a-z_]+$/;
const SETTING_VALUE = /^[a-z0-9_]+$/i;

/** Other LOCAL settings a caller wants for its transaction, by name: `{ jit: 'off' }`. */
export type TLocalSettings = Readonly<Record<string, string>>;

/**
 * ARCHITECTURE 3.2: every tenant query runs here. The transaction drops to the non-superuser
 * app role and pins app.tenant_id, so RLS hides other tenants even from a query that forgets
 * its tenant filter. Both settings are LOCAL: they end with the transaction. `settings` are set
 * LOCAL by the same statement, one round trip less than a set_config of their own (decision 0128).
 */
export function withTenant<T>(
  db: Db,
  tenantId: number,
  fn: (tx: Tx) => Promise<T>,
  settings: TLocalSettings = {},
): Promise<T> {
  if (!Number.isInteger(tenantId) || tenantId <= 0) {
    throw new Error(`withTenant needs a tenant id, got ${String(tenantId)}`);
  }
  // Literals, not parameters: a statement without parameters travels with the transaction's begin
  // (begin-with-next.ts). The tenant id is a checked integer; the other settings come from our code.
  const names = Object.keys(settings);
  if (names.some((name) => !SETTING_NAME.test(name) || !SETTING_VALUE.test(settings[name]!))) {
    throw new Error(`withTenant settings must be plain names and values, got ${JSON.stringify(settings)}`);
  }
  const more = names.map((name) => `, set_config('${name}', '${settings[name]}', true)`).join('');
  const statement = `select set_config('app.tenant_id', '${tenantId}', true), set_config('role', 'app_user', true)${more}`;
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(statement));
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
