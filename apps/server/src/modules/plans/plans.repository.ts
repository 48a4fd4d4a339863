import { sql } from 'drizzle-orm';
import type { TPlan } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { rows } from '../../db/client.js';

const PLAN_COLUMNS = sql`p.id, p.name, p.is_trial, p.price_month, p.price_year, p.duration_days,
  p.max_orders_per_month, p.max_users, p.max_shipping_companies, p.max_sales_channels, p.features,
  (p.archived_at is not null) as archived`;

export function listPlans(tx: Tx) {
  return rows<TPlan>(
    tx,
    sql`select ${PLAN_COLUMNS},
          (select count(*)::int from subscriptions s where s.plan_id = p.id and s.current) as subscribers
        from plans p order by p.is_trial desc, p.archived_at nulls first, p.price_month, p.id`,
  );
}

export async function findPlan(tx: Tx, id: number, options: { lock?: boolean } = {}) {
  const [row] = await rows<TPlan>(
    tx,
    sql`select ${PLAN_COLUMNS}, 0 as subscribers from plans p where p.id = ${id}
        ${options.lock ? sql`for update` : sql``}`,
  );
  return row;
}

export async function findTrialPlan(tx: Tx) {
  const [row] = await rows<TPlan>(tx, sql`select ${PLAN_COLUMNS}, 0 as subscribers from plans p where p.is_trial`);
  return row;
}

export async function planNameTaken(tx: Tx, name: string, exceptId: number | null): Promise<boolean> {
  const found = await rows(
    tx,
    sql`select 1 from plans where lower(name) = lower(${name}) and (${exceptId}::int is null or id <> ${exceptId})`,
  );
  return found.length > 0;
}

/** A plan's editable values: the plan without its id, trial flag and counts, features as stored. */
export type TPlanValues = Omit<TPlan, 'id' | 'is_trial' | 'features' | 'archived' | 'subscribers'> & {
  features: Record<string, boolean>;
};

export async function insertPlan(tx: Tx, v: TPlanValues): Promise<number> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`insert into plans (name, price, price_month, price_year, duration_days, max_orders_per_month, max_users,
                           max_shipping_companies, max_sales_channels, features)
        values (${v.name}, ${v.price_month}, ${v.price_month}, ${v.price_year}, ${v.duration_days},
                ${v.max_orders_per_month}, ${v.max_users}, ${v.max_shipping_companies}, ${v.max_sales_channels},
                ${JSON.stringify(v.features)}::jsonb)
        returning id`,
  );
  return row!.id;
}

/** Prices live on the plan only: payments keep their own amounts, so past payments never change. */
export async function updatePlan(tx: Tx, id: number, v: TPlanValues): Promise<void> {
  await tx.execute(sql`
    update plans set name = ${v.name}, price = ${v.price_month}, price_month = ${v.price_month},
      price_year = ${v.price_year}, duration_days = ${v.duration_days},
      max_orders_per_month = ${v.max_orders_per_month}, max_users = ${v.max_users},
      max_shipping_companies = ${v.max_shipping_companies}, max_sales_channels = ${v.max_sales_channels},
      features = ${JSON.stringify(v.features)}::jsonb, updated_at = now()
    where id = ${id}`);
}

export async function setPlanArchived(tx: Tx, id: number, archived: boolean): Promise<void> {
  await tx.execute(
    sql`update plans set archived_at = ${archived ? sql`coalesce(archived_at, now())` : sql`null`}, updated_at = now()
        where id = ${id}`,
  );
}
