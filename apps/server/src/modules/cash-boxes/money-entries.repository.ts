import { sql, type SQL } from 'drizzle-orm';
import {
  CATEGORY_CODES,
  type TCentimes,
  type TEntryDirection,
  type TEntryInput,
  type TEntryListQuery,
  type TMoneyCategory,
  type TMoneyEntry,
} from '@cod/shared';
import { rows, type Tx } from '../../db/client.js';
import { escapeLike } from '../../db/sql-lists.js';
import { asCentimes } from './cash-boxes.repository.js';

/** Expenses and income are one shape in two tables (issue 13.2, 13.3). Names from this map only. */
const TABLES = {
  expense: { table: sql.raw('expenses'), day: sql.raw('spent_on'), remittance: sql.raw('null::int') },
  income: { table: sql.raw('incomes'), day: sql.raw('received_on'), remittance: sql.raw('e.remittance_id') },
} as const;

/** The built-in categories exist for every shop: written on first use, never twice. */
export async function ensureBuiltInCategories(tx: Tx, tenantId: number, direction: TEntryDirection) {
  await tx.execute(
    sql`insert into money_categories (tenant_id, direction, code)
        select ${tenantId}, ${direction}, code from unnest(${`{${CATEGORY_CODES[direction].join(',')}}`}::text[]) as code
        on conflict do nothing`,
  );
}

export async function listCategories(tx: Tx, tenantId: number, direction: TEntryDirection): Promise<TMoneyCategory[]> {
  return rows<TMoneyCategory>(
    tx,
    sql`select id, code, name from money_categories
        where tenant_id = ${tenantId} and direction = ${direction} and archived_at is null
        order by (code is null), id`,
  );
}

export async function findCategory(tx: Tx, tenantId: number, direction: TEntryDirection, id: number) {
  const [row] = await rows<TMoneyCategory>(
    tx,
    sql`select id, code, name from money_categories
        where tenant_id = ${tenantId} and direction = ${direction} and id = ${id} and archived_at is null`,
  );
  return row;
}

export async function findCategoryByCode(tx: Tx, tenantId: number, direction: TEntryDirection, code: string) {
  const [row] = await rows<TMoneyCategory>(
    tx,
    sql`select id, code, name from money_categories where tenant_id = ${tenantId} and direction = ${direction} and code = ${code}`,
  );
  return row;
}

export async function insertCategory(tx: Tx, tenantId: number, direction: TEntryDirection, name: string) {
  const [row] = await rows<TMoneyCategory>(
    tx,
    sql`insert into money_categories (tenant_id, direction, name) values (${tenantId}, ${direction}, ${name})
        on conflict do nothing returning id, code, name`,
  );
  return row;
}

export async function productExists(tx: Tx, tenantId: number, productId: number) {
  const found = await rows<{ id: number }>(
    tx,
    sql`select id from products where tenant_id = ${tenantId} and id = ${productId}`,
  );
  return found.length > 0;
}

export async function insertEntry(
  tx: Tx,
  tenantId: number,
  direction: TEntryDirection,
  input: TEntryInput & { remittance_id?: number | null },
  userId: number | null,
) {
  const { table, day } = TABLES[direction];
  const extra = direction === 'expense' ? sql`, sales_source, campaign_id, product_id` : sql`, remittance_id`;
  const extraValues =
    direction === 'expense'
      ? sql`, ${input.sales_source ?? null}, ${input.campaign_id ?? null}, ${input.product_id ?? null}`
      : sql`, ${input.remittance_id ?? null}`;
  const [row] = await rows<{ id: number }>(
    tx,
    sql`insert into ${table} (tenant_id, ${day}, amount_centimes, category_id, box_id, note, created_by ${extra})
        values (${tenantId}, ${input.occurred_on}, ${input.amount_centimes}, ${input.category_id}, ${input.box_id},
          ${input.note ?? null}, ${userId} ${extraValues})
        returning id`,
  );
  return row!.id;
}

export async function updateEntry(
  tx: Tx,
  tenantId: number,
  direction: TEntryDirection,
  id: number,
  input: TEntryInput,
) {
  const { table, day } = TABLES[direction];
  const extra =
    direction === 'expense'
      ? sql`, sales_source = ${input.sales_source ?? null}, campaign_id = ${input.campaign_id ?? null},
            product_id = ${input.product_id ?? null}`
      : sql``;
  await tx.execute(
    sql`update ${table} set ${day} = ${input.occurred_on}, amount_centimes = ${input.amount_centimes},
          category_id = ${input.category_id}, box_id = ${input.box_id}, note = ${input.note ?? null},
          updated_at = now() ${extra}
        where tenant_id = ${tenantId} and id = ${id}`,
  );
}

export async function deleteEntry(tx: Tx, tenantId: number, direction: TEntryDirection, id: number) {
  await tx.execute(sql`delete from ${TABLES[direction].table} where tenant_id = ${tenantId} and id = ${id}`);
}

function entryFilter(
  tenantId: number,
  direction: TEntryDirection,
  query: Partial<TEntryListQuery>,
  ids?: number[],
): SQL {
  const { day } = TABLES[direction];
  const isExpense = direction === 'expense';
  return sql`e.tenant_id = ${tenantId}
    ${ids ? sql`and e.id = any(${`{${ids.join(',')}}`}::int[])` : sql``}
    ${query.from ? sql`and e.${day} >= ${query.from}` : sql``}
    ${query.to ? sql`and e.${day} <= ${query.to}` : sql``}
    ${query.category_id ? sql`and e.category_id = ${query.category_id}` : sql``}
    ${query.box_id ? sql`and e.box_id = ${query.box_id}` : sql``}
    ${isExpense && query.sales_source ? sql`and e.sales_source = ${query.sales_source}` : sql``}
    ${isExpense && query.campaign_id ? sql`and e.campaign_id = ${query.campaign_id}` : sql``}
    ${query.search ? sql`and e.note ilike ${`%${escapeLike(query.search)}%`}` : sql``}`;
}

type TEntryRow = Omit<TMoneyEntry, 'closed' | 'amount_centimes'> & {
  amount_centimes: unknown;
  created_at: Date | string;
};

export async function listEntries(
  tx: Tx,
  tenantId: number,
  direction: TEntryDirection,
  query: Partial<TEntryListQuery> & { page: number; per_page: number },
  closedDay: string | null,
  ids?: number[],
): Promise<{ data: TMoneyEntry[]; total: number; sum: TCentimes }> {
  const { table, day, remittance } = TABLES[direction];
  const isExpense = direction === 'expense';
  const where = entryFilter(tenantId, direction, query, ids);
  const found = await rows<TEntryRow>(
    tx,
    sql`select e.id, e.${day}::text as occurred_on, e.amount_centimes, e.category_id, c.code as category_code,
          c.name as category_name, e.box_id, b.name as box_name, e.note,
          ${isExpense ? sql`e.sales_source, e.campaign_id, e.product_id, p.name as product_name` : sql`null as sales_source, null as campaign_id, null::int as product_id, null as product_name`},
          ${remittance} as remittance_id, e.attachment_name, u.name as created_by_name, e.created_at
        from ${table} e
        join money_categories c on c.tenant_id = e.tenant_id and c.id = e.category_id
        join cash_boxes b on b.tenant_id = e.tenant_id and b.id = e.box_id
        ${isExpense ? sql`left join products p on p.tenant_id = e.tenant_id and p.id = e.product_id` : sql``}
        left join users u on u.tenant_id = e.tenant_id and u.id = e.created_by
        where ${where}
        order by e.${day} desc, e.id desc
        limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`,
  );
  const [totals] = await rows<{ total: number; sum: unknown }>(
    tx,
    sql`select count(*)::int as total, coalesce(sum(e.amount_centimes), 0)::text as sum from ${table} e where ${where}`,
  );
  return {
    data: found.map((r) => ({
      ...r,
      occurred_on: String(r.occurred_on).slice(0, 10),
      amount_centimes: asCentimes(r.amount_centimes),
      created_at: new Date(r.created_at).toISOString(),
      closed: closedDay !== null && String(r.occurred_on).slice(0, 10) <= closedDay,
    })),
    total: Number(totals?.total ?? 0),
    sum: asCentimes(totals?.sum),
  };
}

/** An entry's receipt file (under the data directory's money/<tenant>/), locking the entry's row. */
export async function lockAttachment(tx: Tx, tenantId: number, direction: TEntryDirection, id: number, lock = true) {
  const [row] = await rows<{ attachment_key: string | null; attachment_name: string | null }>(
    tx,
    sql`select attachment_key, attachment_name from ${TABLES[direction].table}
        where tenant_id = ${tenantId} and id = ${id} ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

export async function setAttachment(
  tx: Tx,
  tenantId: number,
  direction: TEntryDirection,
  id: number,
  file: { key: string; name: string } | null,
) {
  await tx.execute(
    sql`update ${TABLES[direction].table} set attachment_key = ${file?.key ?? null}, attachment_name = ${file?.name ?? null},
          updated_at = now()
        where tenant_id = ${tenantId} and id = ${id}`,
  );
}
