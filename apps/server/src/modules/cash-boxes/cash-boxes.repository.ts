import { sql, type SQL } from 'drizzle-orm';
import {
  centimes,
  type TCashBox,
  type TCashBoxKind,
  type TCashMovement,
  type TCentimes,
  type TMovementKind,
  type TMovementListQuery,
} from '@cod/shared';
import { rows, type Tx } from '../../db/client.js';

/** bigint and numeric come back as text or bigint depending on the driver: centimes either way. */
export const asCentimes = (value: unknown): TCentimes => centimes(Number(value ?? 0));

const isoDay = (value: unknown): string =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

type TBoxRow = {
  id: number;
  name: string;
  kind: TCashBoxKind;
  balance_centimes: unknown;
  archived_at: Date | string | null;
};

export async function listBoxes(tx: Tx, tenantId: number, options: { ids?: number[]; archived?: boolean } = {}) {
  const found = await rows<TBoxRow>(
    tx,
    // No per-box count of movements: it grew with the box's history (docs/decisions/0104).
    sql`select b.id, b.name, b.kind, b.balance_centimes, b.archived_at
        from cash_boxes b
        where b.tenant_id = ${tenantId}
          ${options.archived ? sql`` : sql`and b.archived_at is null`}
          ${options.ids ? sql`and b.id = any(${`{${options.ids.join(',')}}`}::int[])` : sql``}
        order by b.archived_at nulls first, lower(b.name), b.id`,
  );
  return found.map((r): TCashBox => ({
    id: r.id,
    name: r.name,
    kind: r.kind,
    balance_centimes: asCentimes(r.balance_centimes),
    archived_at: r.archived_at ? new Date(r.archived_at).toISOString() : null,
  }));
}

export async function findBoxRow(tx: Tx, tenantId: number, id: number) {
  const [row] = await rows<{ id: number; name: string; archived_at: Date | null }>(
    tx,
    sql`select id, name, archived_at from cash_boxes where tenant_id = ${tenantId} and id = ${id}`,
  );
  return row;
}

export async function insertBox(tx: Tx, tenantId: number, values: { name: string; kind: TCashBoxKind }) {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`insert into cash_boxes (tenant_id, name, kind) values (${tenantId}, ${values.name}, ${values.kind})
        on conflict do nothing returning id`,
  );
  return row;
}

export async function updateBox(tx: Tx, tenantId: number, id: number, values: { name: string; kind: TCashBoxKind }) {
  const found = await rows<{ id: number }>(
    tx,
    sql`update cash_boxes set name = ${values.name}, kind = ${values.kind}
        where tenant_id = ${tenantId} and id = ${id}
          and not exists (select 1 from cash_boxes o where o.tenant_id = ${tenantId} and o.id <> ${id}
                          and o.archived_at is null and lower(o.name) = lower(${values.name}))
        returning id`,
  );
  return found.length > 0;
}

export async function archiveBox(tx: Tx, tenantId: number, id: number) {
  await tx.execute(
    sql`update cash_boxes set archived_at = coalesce(archived_at, now()) where tenant_id = ${tenantId} and id = ${id}`,
  );
}

/**
 * Moves a box's maintained balance and holds its row lock until the transaction ends
 * (docs/decisions/0070): concurrent writers of one box queue here, so balance = sum(movements).
 */
export async function addToBalance(tx: Tx, tenantId: number, boxId: number, delta: TCentimes) {
  const [row] = await rows<{ id: number; archived_at: Date | null }>(
    tx,
    sql`update cash_boxes set balance_centimes = balance_centimes + ${delta}
        where tenant_id = ${tenantId} and id = ${boxId} returning id, archived_at`,
  );
  return row;
}

export async function insertMovement(
  tx: Tx,
  tenantId: number,
  values: {
    boxId: number;
    day: string;
    amount: TCentimes;
    kind: TMovementKind;
    transferId?: number | null;
    expenseId?: number | null;
    incomeId?: number | null;
    reversesId?: number | null;
    note?: string | null;
    userId: number | null;
  },
) {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`insert into cash_movements (tenant_id, box_id, occurred_on, amount_centimes, kind, transfer_id,
          expense_id, income_id, reverses_id, note, created_by)
        values (${tenantId}, ${values.boxId}, ${values.day}, ${values.amount}, ${values.kind},
          ${values.transferId ?? null}, ${values.expenseId ?? null}, ${values.incomeId ?? null},
          ${values.reversesId ?? null}, ${values.note ?? null}, ${values.userId})
        returning id`,
  );
  return row!.id;
}

/** A movement as the service needs it: the listed movement without the names and stamps the list adds. */
export type TMovementRow = Omit<TCashMovement, 'box_name' | 'closed' | 'created_by_name' | 'created_at'>;

export async function findMovement(tx: Tx, tenantId: number, id: number): Promise<TMovementRow | undefined> {
  const [row] = await rows<TMovementRow>(
    tx,
    sql`select m.id, m.box_id, m.occurred_on::text as occurred_on, m.amount_centimes, m.kind, m.transfer_id,
          m.expense_id, m.income_id, m.reverses_id, m.note,
          (select r.id from cash_movements r where r.tenant_id = m.tenant_id and r.reverses_id = m.id) as reversed_by_id
        from cash_movements m where m.tenant_id = ${tenantId} and m.id = ${id}`,
  );
  return row
    ? { ...row, amount_centimes: asCentimes(row.amount_centimes), occurred_on: isoDay(row.occurred_on) }
    : undefined;
}

export async function movementsWhere(tx: Tx, tenantId: number, where: SQL): Promise<TMovementRow[]> {
  const found = await rows<TMovementRow>(
    tx,
    sql`select m.id, m.box_id, m.occurred_on::text as occurred_on, m.amount_centimes, m.kind, m.transfer_id,
          m.expense_id, m.income_id, m.reverses_id, m.note, null as reversed_by_id
        from cash_movements m where m.tenant_id = ${tenantId} and ${where} order by m.id`,
  );
  return found.map((row) => ({
    ...row,
    amount_centimes: asCentimes(row.amount_centimes),
    occurred_on: isoDay(row.occurred_on),
  }));
}

export const movementsOfTransfer = (tx: Tx, tenantId: number, transferId: number) =>
  movementsWhere(tx, tenantId, sql`m.transfer_id = ${transferId}`);
export const movementsOfExpense = (tx: Tx, tenantId: number, expenseId: number) =>
  movementsWhere(tx, tenantId, sql`m.expense_id = ${expenseId}`);
export const movementsOfIncome = (tx: Tx, tenantId: number, incomeId: number) =>
  movementsWhere(tx, tenantId, sql`m.income_id = ${incomeId}`);

export async function updateMovement(
  tx: Tx,
  tenantId: number,
  id: number,
  values: { boxId: number; day: string; amount: TCentimes; note: string | null },
) {
  await tx.execute(
    sql`update cash_movements set box_id = ${values.boxId}, occurred_on = ${values.day},
          amount_centimes = ${values.amount}, note = ${values.note}
        where tenant_id = ${tenantId} and id = ${id}`,
  );
}

export async function deleteMovement(tx: Tx, tenantId: number, id: number) {
  await tx.execute(sql`delete from cash_movements where tenant_id = ${tenantId} and id = ${id}`);
}

export async function hasOpening(tx: Tx, tenantId: number, boxId: number) {
  const found = await rows<{ id: number }>(
    tx,
    sql`select id from cash_movements where tenant_id = ${tenantId} and box_id = ${boxId} and kind = 'opening' limit 1`,
  );
  return found.length > 0;
}

export async function insertTransfer(
  tx: Tx,
  tenantId: number,
  values: { fromBoxId: number; toBoxId: number; amount: TCentimes; day: string; note: string | null; userId: number },
) {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`insert into cash_transfers (tenant_id, from_box_id, to_box_id, amount_centimes, occurred_on, note, created_by)
        values (${tenantId}, ${values.fromBoxId}, ${values.toBoxId}, ${values.amount}, ${values.day}, ${values.note}, ${values.userId})
        returning id`,
  );
  return row!.id;
}

/** The last closed day: every day up to it is closed (docs/decisions/0070). */
export async function closedThrough(tx: Tx, tenantId: number): Promise<string | null> {
  const [row] = await rows<{ day: string | null }>(
    tx,
    sql`select max(day)::text as day from cash_closed_days where tenant_id = ${tenantId}`,
  );
  return row?.day ? isoDay(row.day) : null;
}

/** Closing waits for every writer of every box (their balance row locks), then bars the day. */
export async function lockAllBoxes(tx: Tx, tenantId: number) {
  await tx.execute(sql`select id from cash_boxes where tenant_id = ${tenantId} order by id for update`);
}

export async function insertClosedDay(tx: Tx, tenantId: number, day: string, userId: number) {
  await tx.execute(
    sql`insert into cash_closed_days (tenant_id, day, closed_by) values (${tenantId}, ${day}, ${userId})
        on conflict do nothing`,
  );
}

function movementFilter(tenantId: number, query: Partial<TMovementListQuery>): SQL {
  return sql`m.tenant_id = ${tenantId}
    ${query.box_id ? sql`and m.box_id = ${query.box_id}` : sql``}
    ${query.kind ? sql`and m.kind = ${query.kind}` : sql``}
    ${query.from ? sql`and m.occurred_on >= ${query.from}` : sql``}
    ${query.to ? sql`and m.occurred_on <= ${query.to}` : sql``}
    ${query.search ? sql`and m.note ilike ${`%${query.search.replace(/[\\%_]/g, '\\$&')}%`}` : sql``}`;
}

export async function listMovements(
  tx: Tx,
  tenantId: number,
  query: TMovementListQuery,
  closedDay: string | null,
): Promise<{ data: TCashMovement[]; total: number; in: TCentimes; out: TCentimes }> {
  const where = movementFilter(tenantId, query);
  const found = await rows<Omit<TCashMovement, 'closed'> & { amount_centimes: unknown }>(
    tx,
    sql`select m.id, m.box_id, b.name as box_name, m.occurred_on::text as occurred_on, m.amount_centimes, m.kind,
          m.transfer_id, m.expense_id, m.income_id, m.reverses_id, m.note, u.name as created_by_name, m.created_at,
          (select r.id from cash_movements r where r.tenant_id = m.tenant_id and r.reverses_id = m.id) as reversed_by_id
        from cash_movements m
        join cash_boxes b on b.tenant_id = m.tenant_id and b.id = m.box_id
        left join users u on u.tenant_id = m.tenant_id and u.id = m.created_by
        where ${where}
        order by m.occurred_on desc, m.id desc
        limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`,
  );
  const [totals] = await rows<{ total: number; in_c: unknown; out_c: unknown }>(
    tx,
    sql`select count(*)::int as total,
          coalesce(sum(m.amount_centimes) filter (where m.amount_centimes > 0), 0)::text as in_c,
          coalesce(sum(m.amount_centimes) filter (where m.amount_centimes < 0), 0)::text as out_c
        from cash_movements m where ${where}`,
  );
  return {
    data: found.map((r) => ({
      ...r,
      occurred_on: isoDay(r.occurred_on),
      amount_centimes: asCentimes(r.amount_centimes),
      created_at: new Date(r.created_at).toISOString(),
      closed: closedDay !== null && isoDay(r.occurred_on) <= closedDay,
    })),
    total: Number(totals?.total ?? 0),
    in: asCentimes(totals?.in_c),
    out: asCentimes(totals?.out_c),
  };
}
