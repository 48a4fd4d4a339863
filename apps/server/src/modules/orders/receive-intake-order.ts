import { m, ZIntakeOrderInput, type TIntakeOrderInput, type TIntakeOrderResponse } from '@cod/shared';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { TEventSink } from '../../lib/domain-events.js';
import { TenantGroupCommit, type TSettled } from '../../lib/group-commit.js';
import { sha256 } from '../../lib/secrets.js';
import { parse } from '../../lib/validate.js';
import { findChannelByIntakeKey } from '../sales-channels/sales-channels.service.js';
import { createOrdersInBulk, type TNewOrder } from './create-orders-in-bulk.js';
import { foldAfterCreation } from './create-order.js';
import type { TOrderDeps, TOrderScope } from './order-access.js';
import { recordOrderEvents } from './order-events.js';
import { prepareNewOrders } from './prepare-order.js';
import { planFeatureRefusal } from '../subscriptions/plan-limits.js';
import { orderRowsByIds } from './order-rows.repository.js';
import {
  intakeClaimKey,
  openChannelKeysAndClaim,
  releaseKeys,
  storeAnswers,
  storedAnswers,
  tenantTimeZone,
  type TIntakeKeyItem,
} from './intake.repository.js';

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
// (openChannelKeysAndClaim), so a rotated or revoked key is refused at once, on every instance.
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
  const zone = (await tenantTimeZone(db, channel.tenantId)) ?? 'Africa/Algiers';
  zones.set(channel.tenantId, { zone, until: Date.now() + 60_000 });
  return { ...channel, timeZone: zone };
}

interface TIntakeItem {
  channel: TIntakeChannel;
  input: TIntakeOrderInput;
  hash: string;
  key: string | null;
}

/**
 * POST /api/orders (issue 4.9): the channel's order, or the stored answer of its retry. A new
 * order may fold the shop's pending count deltas (every thousandth, as the dialog's).
 */
export async function receiveIntakeOrder(deps: TIntakeDeps, request: TIntakeRequest): Promise<TIntakeResult> {
  const result = await intakeOrder(deps.db, deps.commits, request);
  if (!result.replayed) await foldAfterCreation(deps.db, result.tenantId, result.orderNumber);
  return result;
}

/**
 * POST /api/orders (issue 4.9). With an Idempotency-Key the first request claims the key and
 * creates the order in one transaction; a concurrent or later retry waits on the claim's unique
 * key, then answers the stored response, so one key never makes two orders (docs/decisions/0016).
 * Requests for one shop that arrive together share a transaction (group commit, which the
 * throughput target needs); a failing one never fails its neighbours.
 */
async function intakeOrder(db: Db, commits: TIntakeCommits, request: TIntakeRequest): Promise<TIntakeResult> {
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

/** What the intake use case is given: the database and the shops' group commits, made once. */
export interface TIntakeDeps {
  db: Db;
  commits: TIntakeCommits;
}

export const intakeDeps = (deps: TOrderDeps): TIntakeDeps => ({
  db: deps.db,
  commits: new TenantGroupCommit<TIntakeItem, TIntakeResult>(deps.db, {
    write: writeIntakeOrders,
    keyOf: claimKeyOf,
  }),
});

const claimKeyOf = (item: Pick<TIntakeKeyItem, 'channel' | 'key'>) =>
  item.key === null ? null : intakeClaimKey(item.channel.id, item.key);

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

  // A plan without the order API (feature intake_api) refuses every request, as the screens' 402,
  // and claims no key. The intake keys are checked (still their channel's, the channel open) and
  // the Idempotency-Keys of the requests that pass are claimed, in one statement.
  const noApi = await planFeatureRefusal(tx, tenantId, 'intake_api');
  const { open, claimed } = await openChannelKeysAndClaim(tx, tenantId, items, !noApi);
  items.forEach((item, i) => {
    if (open.has(item.channel.keyHash)) return;
    channelsByKeyHash.delete(item.channel.keyHash);
    outcomes[i] = { ok: false, error: new AppError('unauthenticated', INTAKE_MESSAGES.keyInvalid) };
  });
  if (noApi) items.forEach((_, i) => (outcomes[i] ??= { ok: false, error: noApi }));
  // The keyed items on open channels: each one claimed now, or held by an earlier request.
  const keyed = items.filter((item, i) => item.key !== null && !outcomes[i]);
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

  const created = await createOrdersInBulk(
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
