import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { rows } from '../../db/client.js';

export interface TCheckoutRow {
  id: string;
  tenant_id: number;
  cq_name: string;
  plan_id: number;
  plan: string;
  period_months: number;
  amount: number;
  currency: string;
  mode: string;
  status: string;
  checkout_url: string;
  payment_id: number | null;
  /** The plan's prices today (the amount paid is checked against them). */
  price_month: number;
  price_year: number;
}

export async function insertCheckout(
  tx: Tx,
  v: {
    id: string;
    tenantId: number;
    planId: number;
    periodMonths: number;
    amount: number;
    mode: string;
    checkoutUrl: string;
    createdBy: number;
  },
): Promise<void> {
  await tx.execute(sql`insert into chargily_checkouts (id, tenant_id, plan_id, period_months, amount, mode, checkout_url, created_by)
    values (${v.id}, ${v.tenantId}, ${v.planId}, ${v.periodMonths}, ${v.amount}, ${v.mode}, ${v.checkoutUrl}, ${v.createdBy})`);
}

export async function findCheckout(tx: Tx, id: string, options: { lock?: boolean } = {}) {
  const [row] = await rows<TCheckoutRow>(
    tx,
    sql`select c.id, c.tenant_id, t.cq_name, c.plan_id, p.name as plan, c.period_months, c.amount, c.currency, c.mode,
               c.status, c.checkout_url, c.payment_id, p.price_month, p.price_year
        from chargily_checkouts c join tenants t on t.id = c.tenant_id join plans p on p.id = c.plan_id
        where c.id = ${id} ${options.lock ? sql`for update of c` : sql``}`,
  );
  return row;
}

export async function markCheckout(tx: Tx, id: string, status: string, paymentId: number | null): Promise<void> {
  await tx.execute(sql`update chargily_checkouts set status = ${status}, payment_id = coalesce(${paymentId}, payment_id),
                       paid_at = case when ${status} = 'paid' then now() else paid_at end where id = ${id}`);
}

/** Claims a webhook event once: false when it was already received (a redelivery or a replay). */
export async function claimEvent(tx: Tx, v: { id: string; type: string; checkoutId: string | null }) {
  const claimed = await rows(
    tx,
    sql`insert into chargily_events (id, type, checkout_id, outcome) values (${v.id}, ${v.type}, ${v.checkoutId}, 'received')
        on conflict (id) do nothing returning id`,
  );
  return claimed.length > 0;
}

export async function setEventOutcome(tx: Tx, id: string, outcome: string): Promise<void> {
  await tx.execute(sql`update chargily_events set outcome = ${outcome} where id = ${id}`);
}
