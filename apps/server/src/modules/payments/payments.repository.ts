import { sql } from 'drizzle-orm';
import type { TPaymentRow } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { rows } from '../../db/client.js';

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export type { TPaymentRow };

const COLUMNS = sql`y.id, y.tenant_id, t.cq_name, t.name as tenant_name, p.name as plan, y.amount, y.method, y.reference,
  to_char(y.paid_on, 'YYYY-MM-DD') as paid_on, y.period_months, ${iso('y.period_from')} as period_from,
  ${iso('y.period_to')} as period_to, ${iso('y.valid_to_before')} as valid_to_before,
  (y.receipt_path is not null) as has_receipt, y.receipt_name, y.note, a.name as recorded_by,
  ${iso('y.created_at')} as created_at, ${iso('y.voided_at')} as voided_at, v.name as voided_by, y.void_reason`;

const FROM = sql`from payments y join tenants t on t.id = y.tenant_id join plans p on p.id = y.plan_id
  left join central_admins a on a.id = y.recorded_by left join central_admins v on v.id = y.voided_by`;

export function listPayments(tx: Tx, filter: { tenantId: number | null; month: string | null }) {
  return rows<TPaymentRow>(
    tx,
    sql`select ${COLUMNS} ${FROM}
        where (${filter.tenantId}::int is null or y.tenant_id = ${filter.tenantId})
          and (${filter.month}::text is null or to_char(y.paid_on, 'YYYY-MM') = ${filter.month})
        order by y.id desc limit 500`,
  );
}

export async function findPayment(tx: Tx, id: number, options: { lock?: boolean } = {}) {
  const [row] = await rows<
    TPaymentRow & { receipt_path: string | null; receipt_type: string | null; subscription_id: number }
  >(
    tx,
    sql`select ${COLUMNS}, y.receipt_path, y.receipt_type, y.subscription_id ${FROM} where y.id = ${id}
        ${options.lock ? sql`for update of y` : sql``}`,
  );
  return row;
}

export async function insertPayment(
  tx: Tx,
  v: {
    tenantId: number;
    subscriptionId: number;
    planId: number;
    amount: number;
    method: string;
    reference: string | null;
    paidOn: string;
    periodMonths: number;
    periodFrom: Date;
    periodTo: Date;
    validToBefore: string;
    receipt: { path: string; name: string; type: string } | null;
    note: string | null;
    recordedBy: number | null;
  },
): Promise<number> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`insert into payments (tenant_id, subscription_id, plan_id, amount, method, reference, paid_on, period_months,
                              period_from, period_to, valid_to_before, receipt_path, receipt_name, receipt_type, note,
                              recorded_by)
        values (${v.tenantId}, ${v.subscriptionId}, ${v.planId}, ${v.amount}, ${v.method}, ${v.reference},
                ${v.paidOn}::date, ${v.periodMonths}, ${v.periodFrom.toISOString()}, ${v.periodTo.toISOString()},
                ${v.validToBefore}::timestamptz, ${v.receipt?.path ?? null}, ${v.receipt?.name ?? null},
                ${v.receipt?.type ?? null}, ${v.note}, ${v.recordedBy})
        returning id`,
  );
  return row!.id;
}

export async function voidPayment(tx: Tx, id: number, adminId: number, reason: string): Promise<void> {
  await tx.execute(
    sql`update payments set voided_at = now(), voided_by = ${adminId}, void_reason = ${reason} where id = ${id}`,
  );
}

/** The latest payment not voided of a subscription that ends where `validTo` is (what a void can take back). */
export async function isLatestPayment(tx: Tx, subscriptionId: number, paymentId: number): Promise<boolean> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`select id from payments where subscription_id = ${subscriptionId} and voided_at is null order by id desc limit 1`,
  );
  return row?.id === paymentId;
}
