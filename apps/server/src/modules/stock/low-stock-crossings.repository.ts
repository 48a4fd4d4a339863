import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { shopDefaultThreshold } from '../../db/shop-defaults.js';

export interface TLowStockCrossing {
  user_id: number;
  product_id: number;
  name: string;
  current: number;
  threshold: number;
}

/**
 * One row per (recipient, product) that went from above its threshold to at or under it (decision
 * 0008's alert rule: available vs threshold, the product's own or else the shop's default; active,
 * not archived). Recipients: the shop's active users whose role may open the products or the stock
 * screen, limited to their own products when their product permissions are restricted (issue 3.2).
 */
export function lowStockCrossings(
  tx: Tx,
  tenantId: number,
  availableBefore: ReadonlyMap<number, number>,
): Promise<TLowStockCrossing[]> {
  const beforeValues = sql.join(
    [...availableBefore].map(([id, before]) => sql`(${id}::int, ${before}::int)`),
    sql`, `,
  );
  return rows<TLowStockCrossing>(
    tx,
    sql`with moved (product_id, available_before) as (values ${beforeValues}),
        crossed as (
          select p.id, p.name, (p.on_hand - p.reserved)::int as current, t.threshold
          from products p join moved m on m.product_id = p.id
          cross join lateral (select coalesce(p.low_stock_threshold, ${shopDefaultThreshold(tenantId)}) as threshold) t
          where p.tenant_id = ${tenantId} and p.active and p.archived_at is null
            and t.threshold is not null
            and m.available_before > t.threshold
            and p.on_hand - p.reserved <= t.threshold)
        select u.id as user_id, c.id as product_id, c.name, c.current, c.threshold
        from crossed c
        join users u on u.tenant_id = ${tenantId} and u.active
        where exists (
            select 1 from role_permissions rp
            join permissions pm on pm.tenant_id = rp.tenant_id and pm.id = rp.permission_id
            where rp.tenant_id = u.tenant_id and rp.role_id = u.role_id
              and pm.name in ('view products', 'view stock'))
          and (not exists (
                select 1 from user_product_scopes s where s.tenant_id = u.tenant_id and s.user_id = u.id)
            or exists (
                select 1 from user_product_permissions up
                where up.tenant_id = u.tenant_id and up.user_id = u.id and up.product_id = c.id))
        order by c.id, u.id`,
  );
}
