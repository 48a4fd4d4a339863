import { sql } from 'drizzle-orm';
import type { TTenantRow } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { rows } from '../../db/client.js';
import { escapeLike } from '../../db/sql-lists.js';

const iso = (expression: string) =>
  sql.raw(`to_char((${expression}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

export type TTenantListRow = TTenantRow;

function columns(month: string) {
  return sql`t.id, t.cq_name, t.name, ${iso('t.created_at')} as created_at, p.name as plan, p.id as plan_id,
    s.status, ${iso('s.valid_to')} as valid_to,
    (select count(*)::int from users u where u.tenant_id = t.id and u.active) as users,
    coalesce((select tu.orders from tenant_usage tu where tu.tenant_id = t.id and tu.month = ${month}), 0)::int
      as orders_this_month,
    p.max_orders_per_month,
    ${iso(`greatest((select max(u.last_login_at) from users u where u.tenant_id = t.id),
                     (select max(a.last_used_at) from auth_tokens a where a.tenant_id = t.id))`)} as last_activity`;
}

export function listTenants(tx: Tx, filter: { search: string | null; status: string | null; month: string }) {
  const like = filter.search ? `%${escapeLike(filter.search)}%` : null;
  return rows<TTenantListRow>(
    tx,
    sql`select ${columns(filter.month)}
        from tenants t
        left join subscriptions s on s.tenant_id = t.id and s.current
        left join plans p on p.id = s.plan_id
        where (${like}::text is null or t.cq_name ilike ${like} or t.name ilike ${like})
          and (${filter.status}::text is null or s.status = ${filter.status})
        order by t.id desc limit 500`,
  );
}

export async function findTenant(tx: Tx, id: number, month: string) {
  const [row] = await rows<TTenantListRow & { time_zone: string }>(
    tx,
    sql`select ${columns(month)}, t.time_zone
        from tenants t
        left join subscriptions s on s.tenant_id = t.id and s.current
        left join plans p on p.id = s.plan_id
        where t.id = ${id}`,
  );
  return row;
}

export async function tenantExists(tx: Tx, id: number): Promise<boolean> {
  return (await rows(tx, sql`select 1 from tenants where id = ${id}`)).length > 0;
}

export async function resourceCounts(tx: Tx, tenantId: number) {
  const [row] = await rows<{ users: number; shipping_companies: number; sales_channels: number }>(
    tx,
    sql`select (select count(*)::int from users where tenant_id = ${tenantId} and active) as users,
               (select count(*)::int from shipping_companies where tenant_id = ${tenantId} and archived_at is null) as shipping_companies,
               (select count(*)::int from sales_channels where tenant_id = ${tenantId} and archived_at is null) as sales_channels`,
  );
  return row!;
}

export function tenantUsers(tx: Tx, tenantId: number) {
  return rows<{ id: number; name: string; email: string; role: string; active: boolean; last_login_at: string | null }>(
    tx,
    sql`select u.id, u.name, u.email, r.name as role, u.active, ${iso('u.last_login_at')} as last_login_at
        from users u join roles r on r.tenant_id = u.tenant_id and r.id = u.role_id
        where u.tenant_id = ${tenantId} order by u.id limit 200`,
  );
}
