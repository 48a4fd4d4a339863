import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { rows } from '../../db/client.js';

/**
 * Runs inside a shop's own transaction (app role, RLS): its current subscription's status and plan
 * limits (subscriptions and plans are readable to the shop, docs/decisions/0064).
 */
export interface TShopPlan {
  status: string;
  plan: string;
  max_orders_per_month: number | null;
  max_users: number | null;
  max_shipping_companies: number | null;
  max_sales_channels: number | null;
  /** The plan's feature switches as JSON text (absent is on). */
  features: string | null;
}

export async function shopPlan(tx: Tx, tenantId: number): Promise<TShopPlan | undefined> {
  const [row] = await rows<TShopPlan>(
    tx,
    sql`select s.status, p.name as plan, p.max_orders_per_month, p.max_users, p.max_shipping_companies,
               p.max_sales_channels, p.features::text as features
        from subscriptions s join plans p on p.id = s.plan_id
        where s.tenant_id = ${tenantId} and s.current`,
  );
  return row;
}

/**
 * Adds `count` orders to the month's counter and answers the new total. The row lock this takes
 * is held to the end of the transaction: a concurrent creation waits here, then sees this total.
 */
export async function addMonthOrders(tx: Tx, tenantId: number, month: string, count: number): Promise<number> {
  const [row] = await rows<{ orders: number }>(
    tx,
    sql`insert into tenant_usage (tenant_id, month, orders) values (${tenantId}, ${month}, ${count})
        on conflict (tenant_id, month) do update set orders = tenant_usage.orders + excluded.orders
        returning orders`,
  );
  return Number(row!.orders);
}

export async function monthOrders(tx: Tx, tenantId: number, month: string): Promise<number> {
  const [row] = await rows<{ orders: number }>(
    tx,
    sql`select orders from tenant_usage where tenant_id = ${tenantId} and month = ${month}`,
  );
  return Number(row?.orders ?? 0);
}

/** Active users, shipping companies and sales channels of the shop (what the plan limits). */
export async function countResources(
  tx: Tx,
  tenantId: number,
  kind: 'users' | 'shipping_companies' | 'sales_channels',
) {
  const query =
    kind === 'users'
      ? sql`select count(*)::int as n from users where tenant_id = ${tenantId} and active`
      : kind === 'shipping_companies'
        ? sql`select count(*)::int as n from shipping_companies where tenant_id = ${tenantId} and archived_at is null`
        : sql`select count(*)::int as n from sales_channels where tenant_id = ${tenantId} and archived_at is null`;
  const [row] = await rows<{ n: number }>(tx, query);
  return Number(row?.n ?? 0);
}

/** Serialises the limit checks of one shop (adding a user, a carrier, a channel) to the transaction's end. */
export async function lockShopLimits(tx: Tx, tenantId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(19019, ${tenantId})`);
}
