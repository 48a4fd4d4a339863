import { aliasedTable, and, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { TCustomer } from '@cod/shared';
import { rows, type Tx } from '../../db/client.js';
import { customerBlocks, customers, users } from '../../db/schema/index.js';
import { tenantRowWrites } from '../../lib/tenant-rows.repository.js';
import { customerSearch, indexCustomerName, type TCustomerSearch } from './customer-search.repository.js';
import { nameTerms } from './customer-search.js';

// The open block (unblocked_at is null) is SPEC 3's blocked_customer; at most one per customer.
const openBlock = and(
  eq(customerBlocks.tenantId, customers.tenantId),
  eq(customerBlocks.customerId, customers.id),
  isNull(customerBlocks.unblockedAt),
);
const blocker = and(eq(users.tenantId, customerBlocks.tenantId), eq(users.id, customerBlocks.blockedBy));

const columns = {
  id: customers.id,
  phone: customers.phone,
  name: customers.name,
  note: customers.note,
  createdAt: customers.createdAt,
  blockReason: customerBlocks.reason,
  blockedAt: customerBlocks.createdAt,
  blockedBy: users.name,
};

interface TCustomerRow {
  id: number;
  phone: string;
  name: string | null;
  note: string | null;
  createdAt: Date;
  blockReason: string | null;
  blockedAt: Date | null;
  blockedBy: string | null;
}

function toCustomer(row: TCustomerRow): TCustomer {
  const block =
    row.blockReason !== null && row.blockedAt !== null
      ? { reason: row.blockReason, blocked_by: row.blockedBy, created_at: row.blockedAt.toISOString() }
      : null;
  return {
    id: row.id,
    phone: row.phone,
    name: row.name,
    note: row.note,
    is_blocked: block !== null,
    blocked_customer: block,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listCustomers(
  tx: Tx,
  tenantId: number,
  query: { search?: string; blocked?: boolean; page: number; perPage: number },
): Promise<{ data: TCustomer[]; total: number }> {
  const search = query.search ? customerSearch(tenantId, query.search) : undefined;
  const where = and(
    eq(customers.tenantId, tenantId),
    search?.where,
    query.blocked === undefined ? undefined : query.blocked ? isNotNull(customerBlocks.id) : isNull(customerBlocks.id),
  );
  const page = await tx
    .select(columns)
    .from(customers)
    .leftJoin(customerBlocks, openBlock)
    .leftJoin(users, blocker)
    .where(where)
    .orderBy(desc(customers.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  return { data: page.map(toCustomer), total: await countCustomers(tx, where, query.blocked, search) };
}

async function countCustomers(tx: Tx, where: SQL | undefined, blocked: boolean | undefined, search?: TCustomerSearch) {
  // Name matches are counted from the words index alone (each id once per tenant).
  if (search?.matchingIds && blocked === undefined) {
    const [row] = await rows<{ total: number }>(tx, sql`select count(*)::int as total from (${search.matchingIds}) m`);
    return Number(row?.total ?? 0);
  }
  const counted = tx.select({ value: count() }).from(customers);
  // The block join is needed only to count by the blocked filter.
  const [total] = await (blocked === undefined ? counted : counted.leftJoin(customerBlocks, openBlock)).where(where);
  return total?.value ?? 0;
}

export async function findCustomerByPhone(tx: Tx, tenantId: number, phone: string): Promise<TCustomer | undefined> {
  const [row] = await tx
    .select(columns)
    .from(customers)
    .leftJoin(customerBlocks, openBlock)
    .leftJoin(users, blocker)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.phone, phone)));
  return row ? toCustomer(row) : undefined;
}

export async function insertCustomer(
  tx: Tx,
  tenantId: number,
  values: { phone: string; name: string | null; note: string | null },
) {
  const [row] = await tx
    .insert(customers)
    .values({ tenantId, ...values })
    .onConflictDoNothing()
    .returning({ id: customers.id });
  if (row) await indexCustomerName(tx, tenantId, row.id, values.name);
  return row;
}

/**
 * For the orders issue: the customer behind an order's (normalised) phone, created on first order.
 * A later order with a name fills a missing name but never overwrites one the shop has edited.
 */
export async function upsertCustomerByPhone(tx: Tx, tenantId: number, values: { phone: string; name: string | null }) {
  const ids = await upsertCustomersByPhone(tx, tenantId, [values]);
  return { id: ids.get(values.phone)! };
}

/**
 * The same for many orders in one statement (an import chunk, a group of intake orders); answers
 * the customer id per phone. The name's search terms are written when the stored name is this
 * name; when an older name is kept, its terms are already there.
 */
export async function upsertCustomersByPhone(
  tx: Tx,
  tenantId: number,
  values: ReadonlyArray<{ phone: string; name: string | null }>,
): Promise<Map<string, number>> {
  // ON CONFLICT cannot touch one row twice per statement: one entry per phone, the first name wins.
  const byPhone = new Map<string, string | null>();
  for (const { phone, name } of values) if (!byPhone.has(phone)) byPhone.set(phone, name);
  const terms = [...byPhone].flatMap(([phone, name]) => nameTerms(name).map((term) => ({ phone, name, term })));
  const found = await rows<{ id: number; phone: string }>(
    tx,
    sql`with c as (
          insert into customers as c (tenant_id, phone, name)
          select ${tenantId}, x.phone, x.name from jsonb_to_recordset(${JSON.stringify(
            [...byPhone].map(([phone, name]) => ({ phone, name })),
          )}::jsonb) as x(phone text, name text)
          on conflict (tenant_id, phone) do update set name = coalesce(c.name, excluded.name)
          returning id, phone, name
        ), t as (
          insert into customer_search_terms (tenant_id, term, customer_id)
          select ${tenantId}, x.term, c.id
          from jsonb_to_recordset(${JSON.stringify(terms)}::jsonb) as x(phone text, name text, term text)
          join c on c.phone = x.phone and c.name = x.name
          on conflict do nothing
        )
        select id, phone from c`,
  );
  return new Map(found.map((c) => [c.phone, c.id]));
}

const customerRows = tenantRowWrites(customers);

export async function updateCustomerRow(
  tx: Tx,
  tenantId: number,
  id: number,
  values: { name: string | null; note: string | null },
) {
  await customerRows.update(tx, tenantId, id, values);
  await indexCustomerName(tx, tenantId, id, values.name);
}

/** Opens a block; answers nothing when one is already open (the partial unique index decides). */
export async function openCustomerBlock(
  tx: Tx,
  tenantId: number,
  values: { customerId: number; reason: string; blockedBy: number },
) {
  const [row] = await tx
    .insert(customerBlocks)
    .values({ tenantId, ...values })
    .onConflictDoNothing()
    .returning({ id: customerBlocks.id });
  return row;
}

export async function closeCustomerBlock(
  tx: Tx,
  tenantId: number,
  values: { customerId: number; unblockedBy: number; reason: string | null },
) {
  const [row] = await tx
    .update(customerBlocks)
    .set({ unblockedAt: new Date(), unblockedBy: values.unblockedBy, unblockReason: values.reason })
    .where(
      and(
        eq(customerBlocks.tenantId, tenantId),
        eq(customerBlocks.customerId, values.customerId),
        isNull(customerBlocks.unblockedAt),
      ),
    )
    .returning({ id: customerBlocks.id });
  return row;
}

const unblocker = aliasedTable(users, 'unblocker');

/** Every block and unblock of a customer, newest first (the detail screen's history). */
export async function listCustomerBlocks(tx: Tx, tenantId: number, customerId: number) {
  const blocks = await tx
    .select({
      reason: customerBlocks.reason,
      blocked_by: users.name,
      created_at: customerBlocks.createdAt,
      unblocked_at: customerBlocks.unblockedAt,
      unblocked_by: unblocker.name,
      unblock_reason: customerBlocks.unblockReason,
    })
    .from(customerBlocks)
    .leftJoin(users, blocker)
    .leftJoin(
      unblocker,
      and(eq(unblocker.tenantId, customerBlocks.tenantId), eq(unblocker.id, customerBlocks.unblockedBy)),
    )
    .where(and(eq(customerBlocks.tenantId, tenantId), eq(customerBlocks.customerId, customerId)))
    .orderBy(desc(customerBlocks.id));
  return blocks.map((r) => ({
    ...r,
    created_at: r.created_at.toISOString(),
    unblocked_at: r.unblocked_at?.toISOString() ?? null,
  }));
}
