import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { TProvider, TProviderContact, TProviderInput } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { providerContacts, providers, stockMovements } from '../../db/schema/index.js';
import { escapeLike } from '../../db/sql-lists.js';
import { tenantRowWrites } from '../../lib/tenant-rows.repository.js';

const columns = {
  id: providers.id,
  name: providers.name,
  phone: providers.phone,
  email: providers.email,
  address: providers.address,
  notes: providers.notes,
  archivedAt: providers.archivedAt,
  createdAt: providers.createdAt,
};

// Purchase totals per provider, from the purchase movements (issue 3.3: purchases are stock movements).
const purchases = sql`(select count(*)::int as purchases_count,
    coalesce(sum(m.quantity * m.unit_cost), 0)::text as purchases_total, max(m.created_at) as last_purchase_at
  from stock_movements m
  where m.tenant_id = ${providers.tenantId} and m.provider_id = ${providers.id} and m.kind = 'purchase')`;

export async function listProviders(
  tx: Tx,
  tenantId: number,
  query: { search?: string; archived?: boolean; page: number; perPage: number; ids?: number[] },
): Promise<{ data: TProvider[]; total: number }> {
  const pattern = query.search ? `%${escapeLike(query.search)}%` : null;
  const where = and(
    eq(providers.tenantId, tenantId),
    query.archived ? isNotNull(providers.archivedAt) : isNull(providers.archivedAt),
    query.ids ? inArray(providers.id, query.ids) : undefined,
    pattern
      ? or(ilike(providers.name, pattern), ilike(providers.phone, pattern), ilike(providers.email, pattern))
      : undefined,
  );
  const rows = await tx
    .select({
      ...columns,
      purchasesCount: sql<number>`p.purchases_count`,
      purchasesTotal: sql<string>`p.purchases_total`,
      lastPurchaseAt: sql<string | null>`p.last_purchase_at`,
    })
    .from(providers)
    .crossJoinLateral(sql`${purchases} p`)
    .where(where)
    .orderBy(sql`lower(${providers.name})`, asc(providers.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  const [total] = await tx.select({ value: count() }).from(providers).where(where);
  const contacts = await contactsOf(
    tx,
    tenantId,
    rows.map((r) => r.id),
  );
  const data = rows.map((r) => ({
    id: r.id,
    name: r.name,
    phone: r.phone,
    email: r.email,
    address: r.address,
    notes: r.notes,
    contacts: contacts.get(r.id) ?? [],
    purchases_count: Number(r.purchasesCount),
    purchases_total: Number(r.purchasesTotal),
    last_purchase_at: r.lastPurchaseAt ? new Date(r.lastPurchaseAt).toISOString() : null,
    archived_at: r.archivedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  }));
  return { data, total: total?.value ?? 0 };
}

export async function findProvider(tx: Tx, tenantId: number, id: number): Promise<TProvider | undefined> {
  const [live] = (await listProviders(tx, tenantId, { ids: [id], page: 1, perPage: 1 })).data;
  if (live) return live;
  const [archived] = (await listProviders(tx, tenantId, { ids: [id], archived: true, page: 1, perPage: 1 })).data;
  return archived;
}

export async function findProviderRow(tx: Tx, tenantId: number, id: number, options: { lock?: boolean } = {}) {
  const query = tx
    .select(columns)
    .from(providers)
    .where(and(eq(providers.tenantId, tenantId), eq(providers.id, id)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

async function contactsOf(tx: Tx, tenantId: number, providerIds: number[]) {
  const grouped = new Map<number, TProviderContact[]>();
  if (!providerIds.length) return grouped;
  const rows = await tx
    .select({
      providerId: providerContacts.providerId,
      id: providerContacts.id,
      name: providerContacts.name,
      role: providerContacts.role,
      phone: providerContacts.phone,
      email: providerContacts.email,
    })
    .from(providerContacts)
    .where(and(eq(providerContacts.tenantId, tenantId), inArray(providerContacts.providerId, providerIds)))
    .orderBy(asc(providerContacts.position), asc(providerContacts.id));
  for (const { providerId, ...contact } of rows) {
    grouped.set(providerId, [...(grouped.get(providerId) ?? []), contact]);
  }
  return grouped;
}

type TProviderValues = Omit<TProviderInput, 'contacts'>;

export async function insertProvider(tx: Tx, tenantId: number, values: TProviderValues) {
  const [row] = await tx
    .insert(providers)
    .values({ tenantId, ...values })
    .returning({ id: providers.id });
  return row!;
}

export const {
  update: updateProviderRow,
  setArchived: setProviderArchived,
  remove: deleteProviderRow,
} = tenantRowWrites(providers);

/** Contacts are few per provider: replacing them keeps the edit dialog's order exactly. */
export async function replaceContacts(
  tx: Tx,
  tenantId: number,
  providerId: number,
  contacts: TProviderInput['contacts'],
) {
  await tx
    .delete(providerContacts)
    .where(and(eq(providerContacts.tenantId, tenantId), eq(providerContacts.providerId, providerId)));
  if (!contacts.length) return;
  await tx.insert(providerContacts).values(
    contacts.map((c, position) => ({
      tenantId,
      providerId,
      name: c.name,
      role: c.role,
      phone: c.phone,
      email: c.email,
      position,
    })),
  );
}

/** Issue 3.3: the provider's purchase history, one row per purchased line. */
export async function purchaseTotals(tx: Tx, tenantId: number, providerId: number) {
  const [row] = await tx
    .select({
      quantity: sql<number>`coalesce(sum(${stockMovements.quantity}), 0)::int`,
      totalCost: sql<string>`coalesce(sum(${stockMovements.quantity} * ${stockMovements.unitCost}), 0)::text`,
    })
    .from(stockMovements)
    .where(
      and(
        eq(stockMovements.tenantId, tenantId),
        eq(stockMovements.providerId, providerId),
        eq(stockMovements.kind, 'purchase'),
      ),
    );
  return { quantity: Number(row?.quantity ?? 0), total_cost: Number(row?.totalCost ?? 0) };
}
