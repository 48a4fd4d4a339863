import {
  chooseAgents,
  DEFAULT_ASSIGNMENT_SETTINGS,
  ZAssignmentSettingsInput,
  type TAssignmentSettings,
  type TStatusType,
} from '@cod/shared';
import type { Db, Tx } from '../../db/client.js';
import { withSystem, withTenant } from '../../db/tenant-context.js';
import type { TActor } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { transactionEventsOf, withTenantEvents, type TEventSink } from '../../lib/domain-events.js';
import { parse } from '../../lib/validate.js';
import { recordAudit } from '../audit/audit.service.js';
import { notifyAssignedOrders } from '../orders/assigned-notification.js';
import { beforesOf, emitOrderEvents } from '../orders/order-events.js';
import { shopSettingsOf } from '../shop-settings/shop-settings.service.js';
import * as repo from './assignment.repository.js';

const timeZoneOf = async (tx: Tx, tenantId: number) => (await shopSettingsOf(tx, tenantId)).time_zone;

const view = (row: repo.TAssignmentRow | undefined): TAssignmentSettings =>
  row
    ? {
        mode: row.mode,
        max_open_orders: row.max_open_orders,
        online_only: row.online_only,
        use_product_permissions: row.use_product_permissions,
        release_after_minutes: row.release_after_minutes,
      }
    : { ...DEFAULT_ASSIGNMENT_SETTINGS };

/** GET /dashboard/assignment-settings. */
export function readAssignmentSettings(deps: TAppDeps, tenantId: number): Promise<TAssignmentSettings> {
  return withTenant(deps.db, tenantId, async (tx) => view(await repo.findAssignmentSettings(tx, tenantId)));
}

/** PUT /dashboard/assignment-settings (manage settings). */
export function updateAssignmentSettings(deps: TAppDeps, actor: TActor, body: unknown): Promise<TAssignmentSettings> {
  const input = parse(ZAssignmentSettingsInput, body);
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    await repo.saveAssignmentSettings(tx, actor.tenantId, input);
    await recordAudit(tx, {
      tenantId: actor.tenantId,
      userId: actor.userId,
      action: 'update_assignment_settings',
      entity: 'assignment_settings',
      entityId: null,
      changes: { ...input },
      ip: actor.ip,
    });
    return view(await repo.findAssignmentSettings(tx, actor.tenantId));
  });
}

/** Released orders go only to agents at work, whatever the shop's online_only says. */
interface TChoiceOptions {
  onlineOnly?: boolean;
}

/** A new order as the automation sees it. */
export interface TArrivingOrder {
  /** The agent the creator gave it (a form's agent, an agent's own import): never changed. */
  agentId: number | null;
  /** Its products (for the per-product rules). */
  productIds: readonly number[];
}

/**
 * Issue 15.3: the agents new orders go to, chosen inside the creating transaction (every creation
 * path: the order form, the import's chunks, the intake API's groups). Answers index -> agent for
 * the orders the automation takes; orders that already have an agent are never among them, orders
 * no agent can take stay in the pool. One statement when the shop has no settings or is off. On,
 * the shop's assignment row is locked to commit (the shop's assignment lock: loads are counted
 * one transaction after the other, so the cap holds), loads, presence and product scopes are read
 * in one statement, and the choice is made for the whole batch (chooseAgents, packages/shared).
 */
export async function chooseArrivingAgents(
  tx: Tx,
  tenantId: number,
  orders: readonly TArrivingOrder[],
  options: TChoiceOptions = {},
): Promise<Map<number, number>> {
  const chosen = new Map<number, number>();
  if (!orders.some((o) => o.agentId === null)) return chosen;
  const row = await repo.findAssignmentSettings(tx, tenantId, { lock: true });
  if (!row || row.mode === 'off') return chosen;
  const settings = { ...view(row), ...(options.onlineOnly ? { online_only: true } : {}) };
  const candidates = (await repo.listCandidates(tx, tenantId)).map((c) => ({
    id: c.id,
    load: c.load,
    online: c.online,
    productIds: c.restricted ? new Set(c.product_ids ?? []) : null,
  }));
  const open = orders.flatMap((o, index) => (o.agentId === null ? [{ index, productIds: o.productIds }] : []));
  const choice = chooseAgents(settings, candidates, open, row.last_agent_id);
  open.forEach(({ index }, i) => {
    const agentId = choice.agents[i];
    if (agentId) chosen.set(index, agentId);
  });
  if (choice.lastAgentId !== row.last_agent_id) await repo.setLastAgent(tx, tenantId, choice.lastAgentId);
  return chosen;
}

/**
 * The agents of orders the automation just gave are told live: the issue-7 Notification
 * order_assigned, through the transaction's event sink (published after the commit).
 */
export function notifyArrivingAgents(
  tx: Tx,
  tenantId: number,
  orders: ReadonlyArray<{ id: number; order_number: number; agent_id: number }>,
  events: TEventSink | undefined = transactionEventsOf(tx)?.events,
): void {
  if (events && orders.length) notifyAssignedOrders(events, tenantId, orders, { automatic: true });
}

/**
 * The same for one order already written (the order form): chosen, then given with agent_source
 * 'auto'. Answers order id -> agent id.
 */
export async function assignArrivingOrders(
  tx: Tx,
  tenantId: number,
  orders: ReadonlyArray<TArrivingOrder & { id: number; order_number: number }>,
  options: TChoiceOptions = {},
): Promise<Map<number, number>> {
  const chosen = await chooseArrivingAgents(tx, tenantId, orders, options);
  const assigned = new Map<number, number>();
  if (!chosen.size) return assigned;
  const written = await repo.setAutoAgents(
    tx,
    tenantId,
    [...chosen].map(([index, agentId]) => ({ orderId: orders[index]!.id, agentId })),
  );
  for (const order of written) assigned.set(order.id, order.agent_id);
  notifyArrivingAgents(tx, tenantId, written);
  return assigned;
}

/** What one run of the release job did. */
export interface TReleaseOutcome {
  shops: number;
  released: number;
}

/**
 * Issue 15.3: orders of an agent offline for more than the shop's M minutes go back to the pool
 * and from there to an online agent by the shop's rule, when one can take them (docs/decisions/0086). `now` is the job's clock (tests inject theirs). Only untouched automatic
 * orders move: still 'new', not written since the automation gave them, agent_source 'auto' (a
 * manual assignment is never undone). Idempotent; rows are locked (skip locked), so two instances
 * running it together never release one order twice. The lists hear it (OrderStatusUpdated, change
 * 'assigned', agent_id_before the agent).
 */
export async function releaseOfflineAgentsOrders(db: Db, now: Date): Promise<TReleaseOutcome> {
  const shops = await withSystem(db, (tx) => repo.shopsReleasing(tx as unknown as Db));
  let released = 0;
  for (const shop of shops) {
    const offlineSince = new Date(now.getTime() - shop.release_after_minutes * 60_000);
    released += await withTenantEvents(db, shop.tenant_id, async (tx, events) => {
      const stale = await repo.lockStaleAutoOrders(tx, shop.tenant_id, offlineSince);
      const staleIds = stale.map((o) => o.id);
      await repo.releaseOrders(tx, shop.tenant_id, staleIds);
      // Straight to an agent who is online, as a new order would go; the rest wait in the pool.
      await assignArrivingOrders(
        tx,
        shop.tenant_id,
        stale.map((o) => ({ id: o.id, order_number: o.order_number, agentId: null, productIds: o.product_ids })),
        { onlineOnly: true },
      );
      if (stale.length) {
        const actor = {
          tenantId: shop.tenant_id,
          userId: null,
          ip: null,
          timeZone: await timeZoneOf(tx, shop.tenant_id),
          seesAll: true,
        };
        const before = beforesOf(stale.map((o) => ({ ...o, status_type: o.status_type as TStatusType })));
        await emitOrderEvents(tx, events, actor, 'assigned', staleIds, before);
      }
      return stale.length;
    });
  }
  return { shops: shops.length, released };
}
