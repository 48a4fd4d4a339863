import { sql } from 'drizzle-orm';
import type { TIntakeOrderResponse } from '@cod/shared';
import { rows, type Db, type Tx } from '../../db/client.js';

/** A request's key as the idempotency records hold it: its channel, key and body hash. */
export interface TIntakeKeyItem {
  channel: { id: number };
  key: string | null;
  hash: string;
}

/** One claimed key, as a map key: channel and Idempotency-Key. */
export const intakeClaimKey = (channelId: number, key: string) => `${channelId}\u0000${key}`;

/** A shop's time zone, read on the owner's pool connection (system context: the key names the tenant). */
export async function tenantTimeZone(db: Db, tenantId: number): Promise<string | undefined> {
  const [tenant] = await rows<{ time_zone: string }>(db, sql`select time_zone from tenants where id = ${tenantId}`);
  return tenant?.time_zone;
}

/**
 * The key hashes (of these items) still their channel's, on an active, unarchived channel, and, when
 * `claim`, the keys of the items on those channels claimed too, in one statement (one round trip
 * fewer per group than checking, then claiming; docs/decisions/0123). The claimed keys are those
 * this transaction now holds. A claim waits while another transaction holds the same key
 * uncommitted; after its commit the key is taken (the stored answer is read), after its rollback
 * this transaction claims it.
 */
export async function openChannelKeysAndClaim(
  tx: Tx,
  tenantId: number,
  items: ReadonlyArray<TIntakeKeyItem & { channel: { id: number; keyHash: string } }>,
  claim: boolean,
): Promise<{ open: Set<string>; claimed: Set<string> }> {
  const channels = JSON.stringify(items.map((item) => ({ id: item.channel.id, key_hash: item.channel.keyHash })));
  const keyed = claim ? items.filter((item) => item.key !== null) : [];
  const claims = JSON.stringify(
    keyed.map((item) => ({
      channel_id: item.channel.id,
      key_hash: item.channel.keyHash,
      key: item.key,
      hash: item.hash,
    })),
  );
  const found = await rows<{ key_hash: string | null; channel_id: number | null; idempotency_key: string | null }>(
    tx,
    sql`with open as (
          select c.id, c.intake_key_hash as key_hash from sales_channels c
          join jsonb_to_recordset(${channels}::jsonb) as x(id int, key_hash text)
            on c.id = x.id and c.intake_key_hash = x.key_hash
          where c.tenant_id = ${tenantId} and c.active and c.archived_at is null
        ), claimed as (
          insert into intake_requests (tenant_id, channel_id, idempotency_key, request_hash)
          select ${tenantId}, x.channel_id, x.key, x.hash
          from jsonb_to_recordset(${claims}::jsonb) as x(channel_id int, key_hash text, key text, hash text)
          where exists (select 1 from open o where o.id = x.channel_id and o.key_hash = x.key_hash)
          on conflict do nothing returning channel_id, idempotency_key
        )
        select key_hash, null::int as channel_id, null::text as idempotency_key from open
        union all
        select null, channel_id, idempotency_key from claimed`,
  );
  const open = new Set<string>();
  const claimed = new Set<string>();
  for (const row of found) {
    if (row.key_hash !== null) open.add(row.key_hash);
    else claimed.add(intakeClaimKey(row.channel_id!, row.idempotency_key!));
  }
  return { open, claimed };
}

const keyRecords = (items: readonly TIntakeKeyItem[]) =>
  JSON.stringify(items.map((item) => ({ channel_id: item.channel.id, key: item.key, hash: item.hash })));

/**
 * The channels and keys as arrays too: joined to a JSON record set alone, the planner guesses 100
 * records and reads all of the shop's stored keys; `= any(array)` on both columns after the tenant
 * lets it look each one up in the primary key (tenant_id, channel_id, idempotency_key).
 */
const inKeys = (items: readonly TIntakeKeyItem[]) => {
  const channels = [...new Set(items.map((item) => item.channel.id))].join(',');
  const keys = items.map((item) => `"${(item.key ?? '').replace(/[\\"]/g, '\\$&')}"`).join(',');
  return sql`r.channel_id = any(${`{${channels}}`}::int[]) and r.idempotency_key = any(${`{${keys}}`}::text[])`;
};

export async function storedAnswers(tx: Tx, tenantId: number, items: readonly TIntakeKeyItem[]) {
  if (!items.length) return new Map<string, { request_hash: string; response: TIntakeOrderResponse | null }>();
  const stored = await rows<{
    channel_id: number;
    idempotency_key: string;
    request_hash: string;
    response: TIntakeOrderResponse | null;
  }>(
    tx,
    sql`select r.channel_id, r.idempotency_key, r.request_hash, r.response
        from intake_requests r
        join jsonb_to_recordset(${keyRecords(items)}::jsonb) as x(channel_id int, key text)
          on r.channel_id = x.channel_id and r.idempotency_key = x.key
        where r.tenant_id = ${tenantId} and ${inKeys(items)}`,
  );
  return new Map(stored.map((r) => [intakeClaimKey(r.channel_id, r.idempotency_key), r]));
}

/** A refused request leaves nothing: its retry is a first attempt again. */
export async function releaseKeys(tx: Tx, tenantId: number, items: readonly TIntakeKeyItem[]) {
  if (!items.length) return;
  await tx.execute(
    sql`delete from intake_requests r using jsonb_to_recordset(${keyRecords(items)}::jsonb) as x(channel_id int, key text)
        where r.tenant_id = ${tenantId} and ${inKeys(items)}
          and r.channel_id = x.channel_id and r.idempotency_key = x.key`,
  );
}

export async function storeAnswers(
  tx: Tx,
  tenantId: number,
  written: ReadonlyArray<{ item: TIntakeKeyItem; order: { id: number; order_number: number } }>,
) {
  if (!written.length) return;
  const records = written.map(({ item, order }) => ({
    channel_id: item.channel.id,
    key: item.key,
    id: order.id,
    order_number: order.order_number,
  }));
  await tx.execute(
    sql`update intake_requests r set order_id = x.id,
          response = jsonb_build_object('id', x.id, 'order_number', x.order_number)
        from jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
          as x(channel_id int, key text, id int, order_number int)
        where r.tenant_id = ${tenantId} and ${inKeys(written.map(({ item }) => item))}
          and r.channel_id = x.channel_id and r.idempotency_key = x.key`,
  );
}
