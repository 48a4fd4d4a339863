import { sql } from 'drizzle-orm';
import { m, ZIntakeOrderInput, type TIntakeOrderInput, type TIntakeOrderResponse } from '@cod/shared';
import { rows, type Db, type Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { TEventSink } from '../../lib/domain-events.js';
import { TenantGroupCommit, type TSettled } from '../../lib/group-commit.js';
import { sha256 } from '../../lib/secrets.js';
import { parse } from '../../lib/validate.js';
import { findChannelByIntakeKey } from '../sales-channels/sales-channels.service.js';
import { insertNewOrders, type TNewOrder } from './new-orders.repository.js';
import type { TOrderScope } from './order-access.js';
import { recordOrderEvents } from './order-events.js';
import { prepareNewOrders } from './order-input.service.js';
import { orderRowsByIds } from './order-rows.repository.js';

export const INTAKE_MESSAGES = {
  keyMissing: m('intake.key_missing'),
  keyInvalid: m('intake.key_invalid'),
  idempotencyKeyInvalid: m('intake.idempotency_key_invalid'),
  idempotencyKeyReused: m('intake.idempotency_key_reused'),
  stillProcessing: m('intake.still_processing'),
} as const;

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

export interface TIntakeRequest {
  intakeKey: string | null;
  idempotencyKey: string | null;
  body: unknown;
  ip: string | null;
}

export interface TIntakeResult {
  response: TIntakeOrderResponse;
  replayed: boolean;
  tenantId: number;
  orderNumber: number;
}

interface TIntakeChannel {
  tenantId: number;
  id: number;
  sourceType: string;
  keyHash: string;
  timeZone: string;
}

// A shop's time zone (for the rows' formatted dates) hardly ever changes: read at most once a minute.
const zones = new Map<number, { zone: string; until: number }>();
// Which shop and channel a key names never changes, so the look-up is remembered; whether the key
// is still the channel's and the channel still open is checked again in every transaction
// (validChannels), so a rotated or revoked key is refused at once, on every instance.
const channelsByKeyHash = new Map<string, Omit<TIntakeChannel, 'timeZone'>>();
const REMEMBERED_KEYS = 10_000;

/**
 * The channel behind a key and its shop's time zone. System context (the key is what names the
 * tenant): one read on the owner's pool connection, without a transaction around it, since it is
 * a single statement (a transaction would add two round trips to every intake request).
 */
async function channelOf(db: Db, key: string): Promise<TIntakeChannel | undefined> {
  const keyHash = sha256(key);
  let channel = channelsByKeyHash.get(keyHash);
  if (!channel) {
    const found = await findChannelByIntakeKey(db as unknown as Tx, key);
    if (!found) return undefined;
    channel = { tenantId: found.tenantId, id: found.id, sourceType: found.sourceType, keyHash };
    if (channelsByKeyHash.size >= REMEMBERED_KEYS) channelsByKeyHash.clear();
    channelsByKeyHash.set(keyHash, channel);
  }
  const known = zones.get(channel.tenantId);
  if (known && known.until > Date.now()) return { ...channel, timeZone: known.zone };
  const [tenant] = await rows<{ time_zone: string }>(
    db,
    sql`select time_zone from tenants where id = ${channel.tenantId}`,
  );
  const zone = tenant?.time_zone ?? 'Africa/Algiers';
  zones.set(channel.tenantId, { zone, until: Date.now() + 60_000 });
  return { ...channel, timeZone: zone };
}

/** The items whose key is still their channel's, on an active, unarchived channel. */
async function validChannels(tx: Tx, tenantId: number, items: readonly TIntakeItem[]): Promise<Set<string>> {
  const records = JSON.stringify(items.map((item) => ({ id: item.channel.id, key_hash: item.channel.keyHash })));
  const valid = await rows<{ id: number; key_hash: string }>(
    tx,
    sql`select c.id, c.intake_key_hash as key_hash from sales_channels c
        join jsonb_to_recordset(${records}::jsonb) as x(id int, key_hash text)
          on c.id = x.id and c.intake_key_hash = x.key_hash
        where c.tenant_id = ${tenantId} and c.active and c.archived_at is null`,
  );
  return new Set(valid.map((c) => c.key_hash));
}

interface TIntakeItem {
  channel: TIntakeChannel;
  input: TIntakeOrderInput;
  hash: string;
  key: string | null;
}

/**
 * POST /api/orders (issue 4.9). With an Idempotency-Key the first request claims the key and
 * creates the order in one transaction; a concurrent or later retry waits on the claim's unique
 * key, then answers the stored response, so one key never makes two orders (docs/decisions/0016).
 * Requests for one shop that arrive together share a transaction (group commit, which the
 * throughput target needs); a failing one never fails its neighbours.
 */
export async function intakeOrder(db: Db, commits: TIntakeCommits, request: TIntakeRequest): Promise<TIntakeResult> {
  if (!request.intakeKey) throw new AppError('unauthenticated', INTAKE_MESSAGES.keyMissing);
  if (request.idempotencyKey !== null && !IDEMPOTENCY_KEY.test(request.idempotencyKey)) {
    throw AppError.validation({ 'Idempotency-Key': [INTAKE_MESSAGES.idempotencyKeyInvalid] });
  }
  const channel = await channelOf(db, request.intakeKey);
  if (!channel) throw new AppError('unauthenticated', INTAKE_MESSAGES.keyInvalid);
  const input = parse(ZIntakeOrderInput, request.body);
  const hash = sha256(JSON.stringify(request.body ?? null));
  return commits.run(channel.tenantId, { channel, input, hash, key: request.idempotencyKey });
}

export type TIntakeCommits = TenantGroupCommit<TIntakeItem, TIntakeResult>;

export const intakeCommits = (db: Db): TIntakeCommits =>
  new TenantGroupCommit<TIntakeItem, TIntakeResult>(db, { write: writeIntakeOrders, keyOf: claimKeyOf });

const claimKeyOf = (item: { channel: { id: number }; key: string | null }) =>
  item.key === null ? null : `${item.channel.id}\u0000${item.key}`;

/**
 * One group of a shop's intake requests, in one transaction: claim their keys, answer the
 * retries from what is stored, check the new orders together (SPEC 5, as the dialog), give back
 * the keys of the refused ones, then write the accepted ones with the bulk writer and store their
 * answers under their keys.
 */
async function writeIntakeOrders(
  tx: Tx,
  events: TEventSink,
  tenantId: number,
  items: readonly TIntakeItem[],
): Promise<Array<TSettled<TIntakeResult>>> {
  const outcomes = new Array<TSettled<TIntakeResult> | undefined>(items.length);
  const answer = (response: TIntakeOrderResponse, replayed: boolean): TSettled<TIntakeResult> => ({
    ok: true,
    value: { response, replayed, tenantId, orderNumber: response.order_number },
  });

  const open = await validChannels(tx, tenantId, items);
  items.forEach((item, i) => {
    if (open.has(item.channel.keyHash)) return;
    channelsByKeyHash.delete(item.channel.keyHash);
    outcomes[i] = { ok: false, error: new AppError('unauthenticated', INTAKE_MESSAGES.keyInvalid) };
  });
  const keyed = items.filter((item, i) => item.key !== null && !outcomes[i]);
  const claimed = await claimKeys(tx, tenantId, keyed);
  const replays = keyed.filter((item) => !claimed.has(claimKeyOf(item)!));
  const stored = await storedAnswers(tx, tenantId, replays);
  items.forEach((item, i) => {
    if (outcomes[i] || item.key === null || claimed.has(claimKeyOf(item)!)) return;
    const found = stored.get(claimKeyOf(item)!);
    if (!found?.response) {
      outcomes[i] = { ok: false, error: new AppError('conflict', INTAKE_MESSAGES.stillProcessing) };
    } else if (found.request_hash !== item.hash) {
      outcomes[i] = { ok: false, error: new AppError('conflict', INTAKE_MESSAGES.idempotencyKeyReused) };
    } else outcomes[i] = answer(found.response, true);
  });

  const fresh = items.flatMap((item, index) => (outcomes[index] ? [] : [{ item, index }]));
  const scope: TOrderScope = {
    tenantId,
    userId: null,
    ip: null,
    timeZone: items[0]!.channel.timeZone,
    seesAll: true,
    productIds: 'all',
  };
  const prepared = await prepareNewOrders(
    tx,
    scope,
    fresh.map(({ item }) => ({ ...item.input, agent_id: null, status_id: null })),
  );
  const accepted: Array<{ item: TIntakeItem; index: number; order: TNewOrder }> = [];
  const refused: TIntakeItem[] = [];
  fresh.forEach(({ item, index }, i) => {
    const checked = prepared[i]!;
    if (checked instanceof AppError) {
      outcomes[index] = { ok: false, error: checked };
      refused.push(item);
      return;
    }
    const { status, lines, ...values } = checked;
    accepted.push({
      item,
      index,
      order: {
        ...values,
        lines,
        agentId: null,
        salesChannelId: item.channel.id,
        salesSource: values.salesSource ?? item.channel.sourceType,
        statusId: status!.id,
        statusType: status!.type,
        creatorId: null,
      },
    });
  });
  await releaseKeys(
    tx,
    tenantId,
    refused.filter((item) => item.key !== null),
  );

  const created = await insertNewOrders(
    tx,
    tenantId,
    accepted.map((a) => a.order),
  );
  await storeAnswers(
    tx,
    tenantId,
    accepted.flatMap(({ item }, i) => (item.key === null ? [] : [{ item, order: created[i]! }])),
  );
  const orderRows = await orderRowsByIds(
    tx,
    tenantId,
    created.map((order) => order.id),
    { timeZone: scope.timeZone },
  );
  recordOrderEvents(events, scope, 'created', orderRows);
  accepted.forEach(({ index }, i) => (outcomes[index] = answer(created[i]!, false)));
  return outcomes.map((outcome) => outcome!);
}

const keyRecords = (items: readonly TIntakeItem[]) =>
  JSON.stringify(items.map((item) => ({ channel_id: item.channel.id, key: item.key, hash: item.hash })));

/**
 * The channels and keys as arrays too: joined to a JSON record set alone, the planner guesses 100
 * records and reads all of the shop's stored keys; `= any(array)` on both columns after the tenant
 * lets it look each one up in the primary key (tenant_id, channel_id, idempotency_key).
 */
const inKeys = (items: readonly TIntakeItem[]) => {
  const channels = [...new Set(items.map((item) => item.channel.id))].join(',');
  const keys = items.map((item) => `"${(item.key ?? '').replace(/[\\"]/g, '\\$&')}"`).join(',');
  return sql`r.channel_id = any(${`{${channels}}`}::int[]) and r.idempotency_key = any(${`{${keys}}`}::text[])`;
};

/**
 * Claims the keys, answering those this transaction now holds. An insert waits while another
 * transaction holds the same key uncommitted; after its commit the key is taken (the stored
 * answer is read), after its rollback this transaction claims it.
 */
async function claimKeys(tx: Tx, tenantId: number, items: readonly TIntakeItem[]): Promise<Set<string>> {
  if (!items.length) return new Set();
  const inserted = await rows<{ channel_id: number; idempotency_key: string }>(
    tx,
    sql`insert into intake_requests (tenant_id, channel_id, idempotency_key, request_hash)
        select ${tenantId}, x.channel_id, x.key, x.hash
        from jsonb_to_recordset(${keyRecords(items)}::jsonb) as x(channel_id int, key text, hash text)
        on conflict do nothing returning channel_id, idempotency_key`,
  );
  return new Set(inserted.map((r) => claimKeyOf({ channel: { id: r.channel_id }, key: r.idempotency_key })!));
}

async function storedAnswers(tx: Tx, tenantId: number, items: readonly TIntakeItem[]) {
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
  return new Map(stored.map((r) => [claimKeyOf({ channel: { id: r.channel_id }, key: r.idempotency_key })!, r]));
}

/** A refused request leaves nothing: its retry is a first attempt again. */
async function releaseKeys(tx: Tx, tenantId: number, items: readonly TIntakeItem[]) {
  if (!items.length) return;
  await tx.execute(
    sql`delete from intake_requests r using jsonb_to_recordset(${keyRecords(items)}::jsonb) as x(channel_id int, key text)
        where r.tenant_id = ${tenantId} and ${inKeys(items)}
          and r.channel_id = x.channel_id and r.idempotency_key = x.key`,
  );
}

async function storeAnswers(
  tx: Tx,
  tenantId: number,
  written: ReadonlyArray<{ item: TIntakeItem; order: { id: number; order_number: number } }>,
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
