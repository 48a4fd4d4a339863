import { sql } from 'drizzle-orm';
import type { TWebhookAttempt, TWebhookDelivery, TWebhookEndpoint, TWebhookEndpointInput } from '@cod/shared';
import { rows, type Tx } from '../../db/client.js';

/** Issue 15.7: SQL of the outbound webhooks (docs/decisions/0089). */

type TStamp = Date | string;
const iso = (value: TStamp | null): string | null => (value === null ? null : new Date(value).toISOString());

interface TEndpointRow {
  id: number;
  url: string;
  events: string[];
  description: string | null;
  active: boolean;
  secret_prefix: string;
  consecutive_failures: number;
  disabled_at: TStamp | null;
  created_at: TStamp;
}

const ENDPOINT_COLUMNS = sql.raw(
  'id, url, events, description, active, secret_prefix, consecutive_failures, disabled_at, created_at',
);

const toEndpoint = (row: TEndpointRow): TWebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: row.events as TWebhookEndpoint['events'],
  description: row.description,
  active: row.active,
  secret_prefix: row.secret_prefix,
  consecutive_failures: row.consecutive_failures,
  disabled_at: iso(row.disabled_at),
  created_at: iso(row.created_at)!,
});

export async function listEndpoints(tx: Tx, tenantId: number): Promise<TWebhookEndpoint[]> {
  const found = await rows<TEndpointRow>(
    tx,
    sql`select ${ENDPOINT_COLUMNS} from webhook_endpoints where tenant_id = ${tenantId} order by id`,
  );
  return found.map(toEndpoint);
}

export async function countEndpoints(tx: Tx, tenantId: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from webhook_endpoints where tenant_id = ${tenantId}`,
  );
  return row?.n ?? 0;
}

export async function findEndpoint(tx: Tx, tenantId: number, id: number): Promise<TWebhookEndpoint | null> {
  const [row] = await rows<TEndpointRow>(
    tx,
    sql`select ${ENDPOINT_COLUMNS} from webhook_endpoints where tenant_id = ${tenantId} and id = ${id}`,
  );
  return row ? toEndpoint(row) : null;
}

/** Inserts with a placeholder secret; the caller encrypts the real one bound to the new id. */
export async function insertEndpoint(tx: Tx, tenantId: number, input: TWebhookEndpointInput): Promise<number> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`insert into webhook_endpoints (tenant_id, url, events, description, active, secret_encrypted, secret_prefix)
        values (${tenantId}, ${input.url}, ${sqlTextArray(input.events)}, ${input.description}, ${input.active}, '', '')
        returning id`,
  );
  return row!.id;
}

export async function updateEndpoint(tx: Tx, tenantId: number, id: number, input: TWebhookEndpointInput) {
  // Turning an endpoint back on starts its failure count afresh.
  await tx.execute(sql`
    update webhook_endpoints set url = ${input.url}, events = ${sqlTextArray(input.events)},
      description = ${input.description}, active = ${input.active},
      consecutive_failures = case when ${input.active} and not active then 0 else consecutive_failures end,
      disabled_at = case when ${input.active} then null else disabled_at end,
      updated_at = now()
    where tenant_id = ${tenantId} and id = ${id}`);
}

export async function setSecret(tx: Tx, tenantId: number, id: number, encrypted: string, prefix: string) {
  await tx.execute(sql`update webhook_endpoints set secret_encrypted = ${encrypted}, secret_prefix = ${prefix},
    updated_at = now() where tenant_id = ${tenantId} and id = ${id}`);
}

export async function deleteEndpoint(tx: Tx, tenantId: number, id: number): Promise<void> {
  await tx.execute(sql`delete from webhook_endpoints where tenant_id = ${tenantId} and id = ${id}`);
}

const sqlTextArray = (values: readonly string[]) => sql`${`{${values.map((v) => `"${v}"`).join(',')}}`}::text[]`;

// ------------------------------------------------------------------------------------ deliveries

/** The shop's active endpoints and their events: read once per transaction that emits events. */
export function subscribedEndpoints(tx: Tx, tenantId: number) {
  return rows<{ id: number; events: string[] }>(
    tx,
    sql`select id, events from webhook_endpoints where tenant_id = ${tenantId} and active`,
  );
}

/** The outbox write: deliveries in the caller's transaction, one statement for all of them. */
export async function insertDeliveries(
  tx: Tx,
  tenantId: number,
  deliveries: ReadonlyArray<{ endpointId: number; eventId: string; name: string; body: string }>,
): Promise<void> {
  if (!deliveries.length) return;
  const values = deliveries.map((d) => sql`(${tenantId}, ${d.endpointId}, ${d.eventId}::uuid, ${d.name}, ${d.body})`);
  await tx.execute(sql`insert into webhook_deliveries (tenant_id, endpoint_id, event_id, event, body)
    values ${sql.join(values, sql`, `)}`);
}

export async function insertDelivery(
  tx: Tx,
  tenantId: number,
  delivery: { endpointId: number; eventId: string; name: string; body: string; replayOf?: number | null },
): Promise<number> {
  const [row] = await rows<{ id: string }>(
    tx,
    sql`insert into webhook_deliveries (tenant_id, endpoint_id, event_id, event, body, replay_of)
        values (${tenantId}, ${delivery.endpointId}, ${delivery.eventId}::uuid, ${delivery.name}, ${delivery.body},
                ${delivery.replayOf ?? null})
        returning id`,
  );
  return Number(row!.id);
}

export interface TClaimedDelivery {
  id: number;
  endpoint_id: number;
  event_id: string;
  event: string;
  body: string;
  attempts: number;
  created_at: TStamp;
  url: string;
  secret_encrypted: string;
  endpoint_active: boolean;
}

/**
 * Claims a due delivery for one attempt: pending and due, or left 'sending' by a worker that died
 * (claimed longer ago than staleSeconds). A delivery that succeeded is never claimed again, so it
 * is never sent twice; two jobs of one delivery at once: one claims, the other finds nothing.
 */
export async function claimDelivery(
  tx: Tx,
  tenantId: number,
  id: number,
  staleSeconds: number,
): Promise<TClaimedDelivery | null> {
  const [row] = await rows<TClaimedDelivery & { id: string }>(
    tx,
    sql`update webhook_deliveries d set state = 'sending', claimed_at = now(), attempts = d.attempts + 1
        from webhook_endpoints e
        where d.tenant_id = ${tenantId} and d.id = ${id}
          and e.tenant_id = d.tenant_id and e.id = d.endpoint_id
          and ((d.state = 'pending' and d.next_attempt_at <= now())
            or (d.state = 'sending' and d.claimed_at < now() - make_interval(secs => ${staleSeconds})))
        returning d.id, d.endpoint_id, d.event_id::text as event_id, d.event, d.body, d.attempts, d.created_at,
                  e.url, e.secret_encrypted, e.active as endpoint_active`,
  );
  return row ? { ...row, id: Number(row.id) } : null;
}

export async function insertAttempt(
  tx: Tx,
  tenantId: number,
  attempt: { deliveryId: number; attempt: number; statusCode: number | null; error: string | null; durationMs: number },
): Promise<void> {
  await tx.execute(sql`insert into webhook_delivery_attempts (tenant_id, delivery_id, attempt, status_code, error, duration_ms)
    values (${tenantId}, ${attempt.deliveryId}, ${attempt.attempt}, ${attempt.statusCode}, ${attempt.error},
            ${attempt.durationMs})`);
}

export async function markSucceeded(tx: Tx, tenantId: number, id: number, endpointId: number, statusCode: number) {
  await tx.execute(sql`update webhook_deliveries set state = 'succeeded', delivered_at = now(),
    last_status_code = ${statusCode}, last_error = null, claimed_at = null
    where tenant_id = ${tenantId} and id = ${id}`);
  await tx.execute(sql`update webhook_endpoints set consecutive_failures = 0
    where tenant_id = ${tenantId} and id = ${endpointId} and consecutive_failures <> 0`);
}

export async function markRetry(
  tx: Tx,
  tenantId: number,
  id: number,
  outcome: { statusCode: number | null; error: string | null; delaySeconds: number },
) {
  await tx.execute(sql`update webhook_deliveries set state = 'pending', claimed_at = null, queued_at = null,
    last_status_code = ${outcome.statusCode}, last_error = ${outcome.error},
    next_attempt_at = now() + make_interval(secs => ${outcome.delaySeconds})
    where tenant_id = ${tenantId} and id = ${id}`);
}

/** Fails a delivery for good; answers the endpoint's failures in a row (counted once per delivery). */
export async function markFailed(
  tx: Tx,
  tenantId: number,
  id: number,
  endpointId: number,
  outcome: { statusCode: number | null; error: string | null; countFailure: boolean },
): Promise<number> {
  await tx.execute(sql`update webhook_deliveries set state = 'failed', claimed_at = null,
    last_status_code = ${outcome.statusCode}, last_error = ${outcome.error}
    where tenant_id = ${tenantId} and id = ${id}`);
  if (!outcome.countFailure) return 0;
  const [row] = await rows<{ n: number }>(
    tx,
    sql`update webhook_endpoints set consecutive_failures = consecutive_failures + 1
        where tenant_id = ${tenantId} and id = ${endpointId} returning consecutive_failures as n`,
  );
  return row?.n ?? 0;
}

/** Disables an endpoint still active; answers its URL when this call disabled it (mail once). */
export async function disableEndpoint(tx: Tx, tenantId: number, endpointId: number): Promise<string | null> {
  const [row] = await rows<{ url: string }>(
    tx,
    sql`update webhook_endpoints set active = false, disabled_at = now(), updated_at = now()
        where tenant_id = ${tenantId} and id = ${endpointId} and active returning url`,
  );
  return row?.url ?? null;
}

/** Pending deliveries of an endpoint that will no longer be sent (the endpoint is off). */
export async function failPendingOf(tx: Tx, tenantId: number, endpointId: number): Promise<void> {
  await tx.execute(sql`update webhook_deliveries set state = 'failed', last_error = 'endpoint disabled'
    where tenant_id = ${tenantId} and endpoint_id = ${endpointId} and state = 'pending'`);
}

interface TDeliveryRow {
  id: string;
  endpoint_id: number;
  event_id: string;
  event: string;
  state: TWebhookDelivery['state'];
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: TStamp;
  delivered_at: TStamp | null;
  replay_of: string | null;
  created_at: TStamp;
}

export async function listDeliveries(
  tx: Tx,
  tenantId: number,
  endpointId: number,
  limit: number,
): Promise<TWebhookDelivery[]> {
  const found = await rows<TDeliveryRow>(
    tx,
    sql`select id, endpoint_id, event_id::text as event_id, event, state, attempts, last_status_code, last_error,
               next_attempt_at, delivered_at, replay_of, created_at
        from webhook_deliveries where tenant_id = ${tenantId} and endpoint_id = ${endpointId}
        order by id desc limit ${limit}`,
  );
  if (!found.length) return [];
  const ids = found.map((r) => Number(r.id));
  const attempts = await rows<TWebhookAttempt & { delivery_id: string; created_at: TStamp }>(
    tx,
    sql`select delivery_id, attempt, status_code, error, duration_ms, created_at from webhook_delivery_attempts
        where tenant_id = ${tenantId} and delivery_id = any(${`{${ids.join(',')}}`}::bigint[])
        order by delivery_id, attempt`,
  );
  const byDelivery = new Map<number, TWebhookAttempt[]>();
  for (const a of attempts) {
    const list = byDelivery.get(Number(a.delivery_id)) ?? [];
    list.push({
      attempt: a.attempt,
      status_code: a.status_code,
      error: a.error,
      duration_ms: a.duration_ms,
      created_at: iso(a.created_at)!,
    });
    byDelivery.set(Number(a.delivery_id), list);
  }
  return found.map((r) => ({
    id: Number(r.id),
    endpoint_id: r.endpoint_id,
    event_id: r.event_id,
    event: r.event as TWebhookDelivery['event'],
    state: r.state,
    attempts: r.attempts,
    last_status_code: r.last_status_code,
    last_error: r.last_error,
    next_attempt_at: r.state === 'pending' ? iso(r.next_attempt_at) : null,
    delivered_at: iso(r.delivered_at),
    replay_of: r.replay_of === null ? null : Number(r.replay_of),
    created_at: iso(r.created_at)!,
    attempt_log: byDelivery.get(Number(r.id)) ?? [],
  }));
}

export async function findDeliveryForReplay(tx: Tx, tenantId: number, endpointId: number, id: number) {
  const [row] = await rows<{ id: string; event_id: string; event: string; body: string }>(
    tx,
    sql`select id, event_id::text as event_id, event, body from webhook_deliveries
        where tenant_id = ${tenantId} and endpoint_id = ${endpointId} and id = ${id}`,
  );
  return row ? { ...row, id: Number(row.id) } : null;
}

/** The sweep, across shops (system transaction): deliveries due now, oldest first. */
export async function dueDeliveries(tx: Tx, staleSeconds: number, limit: number) {
  const found = await rows<{ tenant_id: number; id: string }>(
    tx,
    sql`update webhook_deliveries set queued_at = now()
        where (tenant_id, id) in (
          select tenant_id, id from webhook_deliveries
          where state in ('pending', 'sending') and next_attempt_at <= now()
            and (state = 'pending' or claimed_at < now() - make_interval(secs => ${staleSeconds}))
            and (queued_at is null or queued_at < now() - make_interval(secs => ${staleSeconds}))
          order by next_attempt_at limit ${limit})
        returning tenant_id, id`,
  );
  return found.map((r) => ({ tenantId: r.tenant_id, deliveryId: Number(r.id) }));
}

export function ownerEmails(tx: Tx, tenantId: number) {
  return rows<{ email: string }>(
    tx,
    sql`select email from users where tenant_id = ${tenantId} and is_admin and active order by id`,
  );
}
