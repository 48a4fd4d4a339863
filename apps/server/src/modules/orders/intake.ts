import { sql } from 'drizzle-orm';
import { ZIntakeOrderInput, type TIntakeOrderResponse } from '@cod/shared';
import { rows, type Db, type Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { withTenantEvents } from '../../lib/domain-events.js';
import { sha256 } from '../../lib/secrets.js';
import { parse } from '../../lib/validate.js';
import { findChannelByIntakeKey } from '../sales-channels/sales-channels.service.js';
import { createOrder } from './create-order.js';
import { preparedRows } from './prepared.js';
import type { TOrderScope } from './order-access.js';

export const INTAKE_MESSAGES = {
  keyMissing: 'An intake key is required (X-Intake-Key header or Authorization: Bearer).',
  keyInvalid: 'The intake key is invalid or has been revoked.',
  idempotencyKeyInvalid: 'The Idempotency-Key must be 1 to 255 visible ASCII characters.',
  idempotencyKeyReused: 'This Idempotency-Key was already used with a different request body.',
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

// A shop's time zone (for the rows' formatted dates) hardly ever changes: read at most once a minute.
const zones = new Map<number, { zone: string; until: number }>();

/**
 * The channel behind a key and its shop's time zone. System context (the key is what names the
 * tenant): one read on the owner's pool connection, without a transaction around it, since it is
 * a single statement (a transaction would add two round trips to every intake request).
 */
async function channelOf(db: Db, key: string) {
  const channel = await findChannelByIntakeKey(db as unknown as Tx, key);
  if (!channel) return undefined;
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

/**
 * POST /api/orders (issue 4.9). With an Idempotency-Key the first request claims the key and
 * creates the order in one transaction; a concurrent or later retry waits on the claim's unique
 * key, then answers the stored response, so one key never makes two orders (docs/decisions/0016).
 */
export async function intakeOrder(db: Db, request: TIntakeRequest): Promise<TIntakeResult> {
  if (!request.intakeKey) throw new AppError('unauthenticated', INTAKE_MESSAGES.keyMissing);
  if (request.idempotencyKey !== null && !IDEMPOTENCY_KEY.test(request.idempotencyKey)) {
    throw AppError.validation({ 'Idempotency-Key': [INTAKE_MESSAGES.idempotencyKeyInvalid] });
  }
  const channel = await channelOf(db, request.intakeKey);
  if (!channel) throw new AppError('unauthenticated', INTAKE_MESSAGES.keyInvalid);
  const input = parse(ZIntakeOrderInput, request.body);
  const hash = sha256(JSON.stringify(request.body ?? null));
  const key = request.idempotencyKey;

  return withTenantEvents(db, channel.tenantId, async (tx, events) => {
    if (key !== null) {
      const replay = await claim(tx, { tenantId: channel.tenantId, channelId: channel.id, key, hash });
      if (replay) {
        return { response: replay, replayed: true, tenantId: channel.tenantId, orderNumber: replay.order_number };
      }
    }
    const scope: TOrderScope = {
      tenantId: channel.tenantId,
      userId: null,
      ip: request.ip,
      timeZone: channel.timeZone,
      seesAll: true,
      productIds: 'all',
    };
    // The order's statement also stores the answer under the claimed key (orders.repository insertOrder).
    const order = await createOrder(
      tx,
      events,
      scope,
      { ...input, agent_id: null, status_id: null },
      {
        channelId: channel.id,
        sourceType: channel.sourceType,
        idempotencyKey: key,
      },
    );
    const response: TIntakeOrderResponse = { id: order.id, order_number: order.order_number };
    return { response, replayed: false, tenantId: channel.tenantId, orderNumber: order.order_number };
  });
}

/**
 * Claims an idempotency key, or answers the response stored under it. The insert waits while
 * another transaction holds the same key uncommitted; after its commit the key is taken and the
 * stored response is read; after its rollback this request claims the key itself.
 */
async function claim(
  tx: Tx,
  claimKey: { tenantId: number; channelId: number; key: string; hash: string },
): Promise<TIntakeOrderResponse | null> {
  const p = sql.placeholder;
  const inserted = await preparedRows(
    tx,
    'intake-claim',
    () => sql`insert into intake_requests (tenant_id, channel_id, idempotency_key, request_hash)
        values (${p('tenantId')}, ${p('channelId')}, ${p('key')}, ${p('hash')})
        on conflict do nothing returning 1`,
    claimKey,
  );
  if (inserted.length) return null;
  const [stored] = await rows<{ request_hash: string; response: TIntakeOrderResponse | null }>(
    tx,
    sql`select request_hash, response from intake_requests
        where tenant_id = ${claimKey.tenantId} and channel_id = ${claimKey.channelId}
          and idempotency_key = ${claimKey.key}`,
  );
  if (!stored?.response)
    throw new AppError('conflict', 'The request with this Idempotency-Key is still being processed.');
  if (stored.request_hash !== claimKey.hash) throw new AppError('conflict', INTAKE_MESSAGES.idempotencyKeyReused);
  return stored.response;
}
