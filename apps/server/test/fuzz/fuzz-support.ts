import { sql, type SQL } from 'drizzle-orm';
import { rows, type Database } from '../../src/db/client.js';
import { withSystem } from '../../src/db/tenant-context.js';

// Columns a refused request may legitimately move: the session's sliding idle limit.
const VOLATILE_COLUMNS = ['last_used_at', 'expires_at'];

const tablesOf = new WeakMap<Database, Promise<string[]>>();

/** Every table with a tenant_id (found in the catalogue, so a new table is covered without a list). */
function tenantTables(database: Database): Promise<string[]> {
  let tables = tablesOf.get(database);
  if (!tables) {
    tables = withSystem(database.db, (tx) =>
      rows<{ table_name: string }>(
        tx,
        sql`select c.table_name from information_schema.columns c
            join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
            where c.table_schema = current_schema() and c.column_name = 'tenant_id' and t.table_type = 'BASE TABLE'
            order by c.table_name`,
      ),
    ).then((found) => found.map((r) => r.table_name));
    tablesOf.set(database, tables);
  }
  return tables;
}

/**
 * A fingerprint of everything a shop owns: per table its row count and an md5 of its rows (the
 * tenant's own row in `tenants` too), so a refused request that inserted, updated or deleted
 * anything changes it. Read as the owner role, with an explicit tenant filter.
 */
export async function tenantChecksum(database: Database, tenantId: number): Promise<Record<string, string>> {
  const tables = await tenantTables(database);
  const volatile = sql.raw(`array[${VOLATILE_COLUMNS.map((c) => `'${c}'`).join(',')}]`);
  const parts = [
    sql`select 'tenants' as name, count(*)::text || ':' || md5(coalesce(string_agg((to_jsonb(t) - ${volatile})::text, '|'), '')) as sum
        from tenants t where t.id = ${tenantId}`,
    ...tables.map(
      (table) =>
        sql`select ${table} as name, count(*)::text || ':' ||
              md5(coalesce(string_agg((to_jsonb(t) - ${volatile})::text, '|' order by (to_jsonb(t) - ${volatile})::text), '')) as sum
            from ${sql.identifier(table)} t where t.tenant_id = ${tenantId}`,
    ),
  ];
  const found = await withSystem(database.db, (tx) =>
    rows<{ name: string; sum: string }>(tx, sql.join(parts, sql` union all `)),
  );
  return Object.fromEntries(found.map((r) => [r.name, r.sum]));
}

// Tables a path parameter names when the segment before it is not the table's name.
const PARAM_TABLES: Record<string, { table: string; column: string; where?: SQL }> = {
  'user-product-permissions/:id': { table: 'users', column: 'id' },
  // Not the owner whose session sends every case: a valid password reset or a deactivation of
  // that user would end the session the rest of the file signs in with.
  'users/:id': {
    table: 'users',
    column: 'id',
    where: sql`role_id not in (select r.id from roles r where r.tenant_id = users.tenant_id and r.name = 'Owner')`,
  },
  'carriers/:token': { table: 'shipping_companies', column: 'webhook_token' },
  'import/:batchId': { table: 'import_batches', column: 'id' },
};

/**
 * Values for a route's path parameters: an existing row of the tenant, found from the segment
 * before the parameter (`/dashboard/sales-channels/:id` -> sales_channels.id), else '1'.
 */
export async function paramValuesOf(
  database: Database,
  tenantId: number,
  url: string,
): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const match of url.matchAll(/([\w-]+)\/:(\w+)/g)) {
    const [, segment, param] = match as unknown as [string, string, string];
    const source = PARAM_TABLES[`${segment}/:${param}`] ?? {
      table: segment.replace(/-/g, '_'),
      column: param === 'id' ? 'id' : param,
    };
    const columns = await withSystem(database.db, (tx) =>
      rows<{ column_name: string }>(
        tx,
        sql`select column_name from information_schema.columns where table_schema = current_schema()
            and table_name = ${source.table} and column_name in (${source.column}, 'tenant_id')`,
      ),
    );
    const exists = columns.some((c) => c.column_name === source.column);
    // Central tables (tenants, plans) have no tenant_id: the shop's own row, or the first one.
    const scoped = columns.some((c) => c.column_name === 'tenant_id')
      ? sql`tenant_id = ${tenantId}`
      : source.table === 'tenants'
        ? sql`id = ${tenantId}`
        : sql`true`;
    const [found] = exists
      ? await withSystem(database.db, (tx) =>
          rows<{ value: string }>(
            tx,
            sql`select ${sql.identifier(source.column)}::text as value from ${sql.identifier(source.table)}
                where ${scoped} and ${source.where ?? sql`true`} order by 1 limit 1`,
          ),
        )
      : [];
    // No such row: '1', or, where a filter keeps the acting user out, an id no row has.
    values[param] = found ? encodeURIComponent(found.value) : source.where ? '999999999' : '1';
  }
  return values;
}

/**
 * The next transaction id PostgreSQL will assign. Only a transaction that writes gets one, so while
 * it stays the same nothing was written anywhere, and the (slower) checksum can be skipped. Other
 * test files writing to a shared PostgreSQL move it too: then the checksum decides.
 */
export async function writeMark(database: Database): Promise<string> {
  const [row] = await rows<{ xmax: string }>(
    database.db,
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`,
  );
  return row!.xmax;
}
