import { and, asc, count, eq, ilike, isNull, sql } from 'drizzle-orm';
import type { TSalesChannel, TSalesChannelInput, TSalesSourceType } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { salesChannels } from '../../db/schema/index.js';
import { escapeLike } from '../../db/sql-lists.js';

const columns = {
  id: salesChannels.id,
  name: salesChannels.name,
  icon: salesChannels.icon,
  sourceType: salesChannels.sourceType,
  active: salesChannels.active,
  intakeKeyPrefix: salesChannels.intakeKeyPrefix,
  intakeKeyCreatedAt: salesChannels.intakeKeyCreatedAt,
  createdAt: salesChannels.createdAt,
};

type TChannelRow = {
  id: number;
  name: string;
  icon: string | null;
  sourceType: TSalesSourceType;
  active: boolean;
  intakeKeyPrefix: string | null;
  intakeKeyCreatedAt: Date | null;
  createdAt: Date;
};

const toChannel = (row: TChannelRow): TSalesChannel => ({
  id: row.id,
  name: row.name,
  icon: row.icon,
  source_type: row.sourceType,
  active: row.active,
  intake_key_prefix: row.intakeKeyPrefix,
  intake_key_created_at: row.intakeKeyCreatedAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

const live = (tenantId: number) => and(eq(salesChannels.tenantId, tenantId), isNull(salesChannels.archivedAt));

export async function listChannels(
  tx: Tx,
  tenantId: number,
  query: { search?: string; page: number; perPage: number },
): Promise<{ data: TSalesChannel[]; total: number }> {
  const where = and(
    live(tenantId),
    query.search ? ilike(salesChannels.name, `%${escapeLike(query.search)}%`) : undefined,
  );
  const rows = await tx
    .select(columns)
    .from(salesChannels)
    .where(where)
    .orderBy(sql`lower(${salesChannels.name})`, asc(salesChannels.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  const [total] = await tx.select({ value: count() }).from(salesChannels).where(where);
  return { data: rows.map(toChannel), total: total?.value ?? 0 };
}

/** A live (not archived) channel of the tenant. */
export async function findChannel(tx: Tx, tenantId: number, id: number, options: { lock?: boolean } = {}) {
  const query = tx
    .select(columns)
    .from(salesChannels)
    .where(and(live(tenantId), eq(salesChannels.id, id)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ? toChannel(row) : undefined;
}

export async function insertChannel(tx: Tx, tenantId: number, values: TSalesChannelInput) {
  const [row] = await tx
    .insert(salesChannels)
    .values({ tenantId, name: values.name, icon: values.icon, sourceType: values.source_type, active: values.active })
    .returning({ id: salesChannels.id });
  return row!;
}

export async function updateChannelRow(tx: Tx, tenantId: number, id: number, values: TSalesChannelInput) {
  await tx
    .update(salesChannels)
    .set({
      name: values.name,
      icon: values.icon,
      sourceType: values.source_type,
      active: values.active,
      updatedAt: new Date(),
    })
    .where(and(eq(salesChannels.tenantId, tenantId), eq(salesChannels.id, id)));
}

/** Sets (or with nulls, revokes) the channel's intake key; only its hash is kept. */
export async function setIntakeKey(tx: Tx, tenantId: number, id: number, key: { hash: string; prefix: string } | null) {
  await tx
    .update(salesChannels)
    .set({
      intakeKeyHash: key?.hash ?? null,
      intakeKeyPrefix: key?.prefix ?? null,
      intakeKeyCreatedAt: key ? new Date() : null,
      updatedAt: new Date(),
    })
    .where(and(eq(salesChannels.tenantId, tenantId), eq(salesChannels.id, id)));
}

export async function archiveChannel(tx: Tx, tenantId: number, id: number) {
  await tx
    .update(salesChannels)
    .set({ archivedAt: new Date(), intakeKeyHash: null, intakeKeyPrefix: null, updatedAt: new Date() })
    .where(and(eq(salesChannels.tenantId, tenantId), eq(salesChannels.id, id)));
}

export async function deleteChannelRow(tx: Tx, tenantId: number, id: number) {
  await tx.delete(salesChannels).where(and(eq(salesChannels.tenantId, tenantId), eq(salesChannels.id, id)));
}

/** System context (the intake request has no tenant yet): the live, active channel behind a key hash. */
export async function findChannelByKeyHash(tx: Tx, keyHash: string) {
  const [row] = await tx
    .select({
      tenantId: salesChannels.tenantId,
      id: salesChannels.id,
      name: salesChannels.name,
      icon: salesChannels.icon,
      sourceType: salesChannels.sourceType,
    })
    .from(salesChannels)
    .where(
      and(eq(salesChannels.intakeKeyHash, keyHash), isNull(salesChannels.archivedAt), eq(salesChannels.active, true)),
    );
  return row;
}
