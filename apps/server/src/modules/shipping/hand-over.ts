import {
  m,
  orderError,
  SHIPPING_MESSAGES as M,
  type TOrderError,
  type TShippingOrdersRequest,
  type TShippingSuccess,
} from '@cod/shared';
import { CarrierError, type TCreateOutcome, type TParcelInput } from '../../carriers/carrier.js';
import { canDispatchFromShipmentStatus } from '../../carriers/shipment-status.js';
import type { Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import { AppError } from '../../lib/app-error.js';
import { withTenantEvents } from '../../lib/domain-events.js';
import { scopeOf } from '../orders/order-access.js';
import { emitOrderEvents, type TOrderBefore } from '../orders/order-events.js';
import { reserveOrders } from '../orders/order-stock.js';
import { listCompanies, openAdapter, type TCompanyRecord } from '../shipping-companies/shipping-companies.service.js';
import { emitMoves, moveOrdersQuietly } from './order-moves.js';
import { parcelOf, parcelReference } from './parcel-input.js';
import * as repo from './shipments.repository.js';
import { failureMessage, type TShippingContext } from './shipping-context.js';

type TMode = 'assign' | 'dispatch';

interface TPlan {
  company: TCompanyRecord;
  errors: TOrderError[];
  /** Orders that need a parcel: fresh ones, and ones whose earlier attempt must be looked up. */
  create: Array<{ order: repo.TShippingOrder; parcel: TParcelInput; lookup: boolean }>;
  /** Orders that already hold a dispatchable parcel of this company. */
  existing: Array<{ order: repo.TShippingOrder; shipment: repo.TShipmentRecord }>;
}

export interface THandOverResult {
  success: TShippingSuccess[];
  errors: TOrderError[];
}

/**
 * SPEC 7 assign-shipping and dispatch, single and bulk, with partial success (SPEC 8). Nothing is
 * half-written: each order's parcel, shipment row and status change commit together after the
 * carrier answered; a refusal leaves that order untouched. A creation whose answer was lost stays
 * recorded as an attempt, so the next try looks the parcel up instead of creating a second one
 * (docs/decisions/0029). No transaction is open while the carrier is called.
 */
export async function handOver(
  ctx: TShippingContext,
  mode: TMode,
  request: TShippingOrdersRequest,
): Promise<THandOverResult> {
  const plan = await prepare(ctx, mode, request);
  const errors = [...plan.errors];
  const success: TShippingSuccess[] = [];

  const outcomes = await createParcels(ctx, plan);
  const settled: number[] = [];
  const commits: TCommit[] = [];
  for (const { order } of plan.create) {
    const outcome = outcomes.get(order.id);
    if (!outcome) continue;
    if (outcome.ok) commits.push({ order, outcome });
    else {
      errors.push(orderError(order.id, outcome.message));
      if (!outcome.ambiguous) settled.push(order.id);
    }
  }
  for (const { order, shipment } of plan.existing) {
    if (mode === 'assign') success.push({ order_id: order.id, tracking_number: shipment.tracking_number });
    else commits.push({ order, existing: shipment });
  }
  for (let i = 0; i < commits.length; i += COMMIT_CHUNK) {
    await commitChunk(ctx, mode, plan.company, commits.slice(i, i + COMMIT_CHUNK), success, errors);
  }
  if (settled.length) {
    await withTenant(ctx.db, ctx.actor.tenantId, (tx) =>
      repo.deleteAttempts(tx, ctx.actor.tenantId, plan.company.id, settled),
    );
  }
  const position = new Map(request.order_ids.map((id, i) => [id, i]));
  const byRequest = (a: { order_id: number }, b: { order_id: number }) =>
    (position.get(a.order_id) ?? 0) - (position.get(b.order_id) ?? 0);
  return { success: success.sort(byRequest), errors: errors.sort(byRequest) };
}

/** Orders committed per transaction; each order has its own savepoint inside it. */
const COMMIT_CHUNK = 50;

type TCommit =
  | { order: repo.TShippingOrder; outcome: Extract<TCreateOutcome, { ok: true }>; existing?: undefined }
  | { order: repo.TShippingOrder; existing: repo.TShipmentRecord; outcome?: undefined };

/**
 * Commits a chunk of orders in one transaction, set-based (parcels, shipment rows, statuses,
 * stock, history). Should that fail, the chunk is retried order by order with a savepoint each:
 * an order whose writes fail rolls back alone (its attempt row stays, so a retry recovers its
 * parcel by reference) and the others commit. Events are recorded only for committed orders.
 */
async function commitChunk(
  ctx: TShippingContext,
  mode: TMode,
  company: TCompanyRecord,
  chunk: readonly TCommit[],
  success: TShippingSuccess[],
  errors: TOrderError[],
): Promise<void> {
  const { tenantId } = ctx.actor;
  const done: TShippingSuccess[] = [];
  const failed: TOrderError[] = [];
  const trackingOf = (item: TCommit) => item.outcome?.trackingNumber ?? item.existing!.tracking_number;
  try {
    await withTenantEvents(ctx.db, tenantId, async (tx, events) => {
      const scope = await scopeOf(tx, ctx.actor);
      const locked = new Map(
        (
          await repo.shippingOrders(
            tx,
            scope,
            chunk.map((c) => c.order.id),
            { lock: true },
          )
        ).map((o) => [o.id, o]),
      );
      const write = async (sp: Tx, items: readonly TCommit[]) => {
        const orders = items.map((item) => {
          const order = locked.get(item.order.id);
          if (!order) throw AppError.notFound('Order');
          if (mode === 'dispatch' && order.status_type !== 'confirmed') throw new AppError('conflict', M.notReady);
          return order;
        });
        await repo.recordNewShipments(
          sp,
          tenantId,
          items.flatMap((item) => (item.outcome ? [newShipment(company, mode, item.order.id, item.outcome)] : [])),
        );
        return mode === 'dispatch' ? moveOrdersQuietly(sp, ctx.actor, orders, 'inDispatch', null) : [];
      };
      let befores: TOrderBefore[] = [];
      try {
        befores = await tx.transaction((sp) => write(sp, chunk));
        for (const item of chunk) done.push({ order_id: item.order.id, tracking_number: trackingOf(item) });
      } catch {
        for (const item of chunk) {
          try {
            befores.push(...(await tx.transaction((sp) => write(sp, [item]))));
            done.push({ order_id: item.order.id, tracking_number: trackingOf(item) });
          } catch (error) {
            if (item.outcome)
              ctx.log.warn({ orderId: item.order.id, carrier: company.code }, 'parcel created but not committed');
            failed.push(orderError(item.order.id, failureMessage(error, M.unexpected)));
          }
        }
      }
      if (mode === 'dispatch') await emitMoves(tx, events, ctx.actor, befores);
      else if (done.length)
        await emitOrderEvents(
          tx,
          events,
          ctx.actor,
          'updated',
          done.map((d) => d.order_id),
        );
    });
  } catch (error) {
    // The chunk did not commit: none of it happened (attempt rows keep the parcels recoverable).
    const message = failureMessage(error, M.unexpected);
    for (const item of chunk) errors.push(orderError(item.order.id, message));
    return;
  }
  success.push(...done);
  errors.push(...failed);
}

function newShipment(
  company: TCompanyRecord,
  mode: TMode,
  orderId: number,
  outcome: Extract<TCreateOutcome, { ok: true }>,
): repo.TNewShipment {
  return {
    orderId,
    companyId: company.id,
    reference: outcome.reference,
    carrierParcelId: outcome.carrierParcelId ?? null,
    trackingNumber: outcome.trackingNumber,
    labelUrl: outcome.labelUrl ?? null,
    status: outcome.status.status ?? 'created',
    rawStatus: outcome.status.raw,
    description: outcome.recovered ? 'Parcel found at the carrier after a lost answer' : null,
    source: mode,
  };
}

async function prepare(ctx: TShippingContext, mode: TMode, request: TShippingOrdersRequest): Promise<TPlan> {
  const { tenantId } = ctx.actor;
  // With events: reserving a confirmed order's stock here can take a product under its threshold.
  return withTenantEvents(ctx.db, tenantId, async (tx) => {
    const companies = await listCompanies(tx, tenantId);
    const company = companies.find((c) => c.id === request.shipping_company_id);
    if (!company) throw AppError.validation({ shipping_company_id: [M.companyInvalid] });
    if (!company.active) throw AppError.validation({ shipping_company_id: [M.companyInactive] });
    const scope = await scopeOf(tx, ctx.actor);
    const orders = await repo.shippingOrders(tx, scope, request.order_ids, { lock: true });
    const found = new Set(orders.map((o) => o.id));
    const plan: TPlan = { company, errors: [], create: [], existing: [] };
    for (const id of request.order_ids) {
      if (!found.has(id)) plan.errors.push(orderError(id, m('order.not_found')));
    }
    const shipments = new Map(
      (await repo.activeShipments(tx, tenantId, [...found])).map((s) => [s.order_id, s] as const),
    );
    const attempts = await repo.attemptsOf(tx, tenantId, company.id, [...found]);
    const newAttempts: Array<{ orderId: number; reference: string }> = [];
    for (const order of orders) {
      const refuse = (message: string) => plan.errors.push(orderError(order.id, message));
      // SPEC 4: the ready tab (confirmed orders) offers Assign to Shipping and Dispatch.
      if (order.status_type !== 'confirmed') {
        refuse(M.notReady);
        continue;
      }
      if (company.served_wilayas && !company.served_wilayas.includes(order.state_id)) {
        refuse(M.notServed);
        continue;
      }
      const shipment = shipments.get(order.id);
      if (shipment) {
        // SPEC 4: only while the shipment status is waiting_transit, ready_to_ship or created.
        if (!canDispatchFromShipmentStatus(shipment.status)) refuse(M.shipmentMoving);
        else if (shipment.shipping_company_id !== company.id) {
          const other = companies.find((c) => c.id === shipment.shipping_company_id);
          refuse(M.otherCompany(other?.name));
        } else plan.existing.push({ order, shipment });
        continue;
      }
      if (mode === 'dispatch' && order.stock_state === 'none') {
        // Decision 0008: reserve before the carrier is called, so a stock refusal never leaves a
        // parcel at the carrier for an order that cannot be dispatched.
        try {
          await tx.transaction((sp) => reserveOrders(sp, { tenantId, userId: ctx.actor.userId }, [order.id]));
          order.stock_state = 'reserved';
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          refuse(error.token);
          continue;
        }
      }
      const earlier = attempts.get(order.id);
      const reference =
        earlier ?? parcelReference(order.order_number, await repo.shipmentCount(tx, tenantId, order.id, company.id));
      if (!earlier) newAttempts.push({ orderId: order.id, reference });
      plan.create.push({ order, parcel: parcelOf(order, reference), lookup: Boolean(earlier) });
    }
    await repo.insertAttempts(tx, tenantId, company.id, newAttempts);
    return plan;
  });
}

async function createParcels(ctx: TShippingContext, plan: TPlan): Promise<Map<number, TCreateOutcome>> {
  const outcomes = new Map<number, TCreateOutcome>();
  if (!plan.create.length) return outcomes;
  const byReference = new Map(plan.create.map((c) => [c.parcel.reference, c.order.id]));
  const fresh = plan.create.filter((c) => !c.lookup).map((c) => c.parcel);
  const recover = plan.create.filter((c) => c.lookup).map((c) => c.parcel);
  try {
    const adapter = openAdapter(ctx.keyring, ctx.actor.tenantId, plan.company, ctx.log);
    const results = [
      ...(fresh.length ? await adapter.createParcels(fresh) : []),
      ...(recover.length ? await adapter.createParcels(recover, { lookupExisting: true }) : []),
    ];
    for (const result of results) {
      const orderId = byReference.get(result.reference);
      if (orderId !== undefined) outcomes.set(orderId, result);
    }
  } catch (error) {
    // The whole call failed (credentials refused, rate limit beyond the wait...): every order of it
    // gets the message; only an ambiguous failure keeps the attempts for a lookup next time.
    const ambiguous = error instanceof CarrierError ? error.ambiguous : !(error instanceof AppError);
    const message = failureMessage(error, M.unexpected);
    if (!(error instanceof CarrierError) && !(error instanceof AppError))
      ctx.log.error({ err: error }, 'dispatch failed');
    for (const { order } of plan.create) {
      if (outcomes.has(order.id)) continue;
      outcomes.set(order.id, { reference: '', ok: false, ambiguous, message });
    }
  }
  for (const { order, parcel } of plan.create) {
    if (!outcomes.has(order.id)) {
      outcomes.set(order.id, { reference: parcel.reference, ok: false, ambiguous: true, message: M.unexpected });
    }
  }
  return outcomes;
}
