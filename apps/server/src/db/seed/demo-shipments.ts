import { sql } from 'drizzle-orm';
import type { TStatusType } from '@cod/shared';
import { silentLogger } from '../../carriers/carrier.js';
import { startCarrierSandbox } from '../../carriers/sandbox/index.js';
import { sandboxStateFile, writeSandboxSnapshot } from '../../carriers/sandbox/persist.js';
import type { TScenario } from '../../carriers/sandbox/scenarios.js';
import type { TConfig } from '../../config.js';
import { reserveOrders } from '../../modules/orders/order-stock.js';
import { carrierKeyring, setCarrierSandboxUrl } from '../../modules/shipping-companies/carrier-runtime.js';
import { ensureDemoShippingCompanies } from '../../modules/shipping/demo-shipping.js';
import { dispatchOrders } from '../../modules/shipping/dispatch-orders.js';
import { validateDispatched } from '../../modules/shipping/validate-dispatched.js';
import type { TShippingContext } from '../../modules/shipping/shipping-context.js';
import { rows, type Db, type Tx } from '../client.js';
import { withTenant } from '../tenant-context.js';
import { pollDemoShipments } from './demo-poll.js';

/** Where a demo order that went to a carrier should stand at the end of the seed. */
export type TShippedType = Extract<TStatusType, 'inDispatch' | 'follow-up' | 'delivered' | 'returned'>;
export const SHIPPED_TYPES: readonly TStatusType[] = ['inDispatch', 'follow-up', 'delivered', 'returned'];

export interface TDemoParcel {
  orderId: number;
  orderNumber: number;
  target: TShippedType;
  /** When the shop dispatched it (ms since epoch). */
  dispatchAt: number;
  /** The demo company's code (demo-shipping.ts). */
  company: string;
  /** Whether its carrier needs the validation step before the parcel moves (EcoTrack, NOEST). */
  validates: boolean;
  /** What the carrier will do with it (delivered and returned orders only). */
  scenario: TScenario | null;
}

export interface TDemoShippingResult {
  dispatched: number;
  validated: number;
  refused: number;
  polled: number;
}

const HOUR = 3_600_000;
/** Dispatch days are grouped in buckets of this size (one hand-over per company and bucket). */
const BUCKET_MS = 9 * 24 * HOUR;
const CHUNK = 200;

/**
 * The demo's parcels the way a shop makes them (docs/decisions/0051): the orders wait confirmed,
 * then, bucket by bucket in time order, they are dispatched through the hand-over use case to the
 * demo's shipping companies on a carrier sandbox whose clock is set to that day, validated through
 * the validate use case, and finally the status poll reads every parcel's carrier history (moving
 * delivered and returned orders, their stock and history) through the sync `npm start` applies,
 * in one pass and a transaction per chunk of parcels (demo-poll.ts, decision 0096). The rows the
 * use cases wrote are then dated at the sandbox day they happened (the only direct write). The
 * sandbox's state is saved in the data folder, so the running demo's carriers know these parcels.
 */
export async function seedDemoShipments(
  db: Db,
  config: TConfig,
  shop: { tenantId: number; ownerId: number; timeZone: string },
  parcels: readonly TDemoParcel[],
): Promise<TDemoShippingResult> {
  const result: TDemoShippingResult = { dispatched: 0, validated: 0, refused: 0, polled: 0 };
  if (!parcels.length) return result;
  const { tenantId } = shop;
  const keyring = await carrierKeyring(config);
  const sorted = [...parcels].sort((a, b) => a.dispatchAt - b.dispatchAt);
  const sandbox = await startCarrierSandbox({ startAt: sorted[0]!.dispatchAt - HOUR });
  setCarrierSandboxUrl(sandbox.url, tenantId);
  const planInWrittenOrder = await writtenJoinOrder(db);
  try {
    await ensureDemoShippingCompanies(db, keyring);
    const companies = new Map(
      (
        await withTenant(db, tenantId, (tx) =>
          rows<{ id: number; code: string }>(
            tx,
            sql`select id, code from shipping_companies where tenant_id = ${tenantId} and archived_at is null`,
          ),
        )
      ).map((c) => [c.code, c.id]),
    );
    const ctx: TShippingContext = {
      db,
      keyring,
      actor: { tenantId, userId: shop.ownerId, ip: null, timeZone: shop.timeZone, seesAll: true },
      log: silentLogger,
    };
    for (const p of sorted) if (p.scenario) sandbox.setScenario(String(p.orderNumber), p.scenario);

    for (const bucket of buckets(sorted)) {
      const at = bucket[bucket.length - 1]!.dispatchAt;
      if (at > sandbox.clock.now()) await sandbox.clock.advance(at - sandbox.clock.now());
      const since = await dbNow(db, tenantId);
      // Confirmed that day: their stock is reserved together (decision 0008); should a product run
      // short, the hand-over reserves order by order and refuses the ones it cannot serve.
      await withTenant(db, tenantId, (tx) =>
        reserveOrders(
          tx,
          { tenantId, userId: shop.ownerId },
          bucket.map((p) => p.orderId),
        ),
      ).catch(() => undefined);
      const byCompany = new Map<string, number[]>();
      for (const p of bucket) byCompany.set(p.company, [...(byCompany.get(p.company) ?? []), p.orderId]);
      const dispatched = new Set<number>();
      for (const [code, orderIds] of byCompany) {
        const companyId = companies.get(code);
        if (companyId === undefined) continue;
        for (let i = 0; i < orderIds.length; i += CHUNK) {
          const outcome = await dispatchOrders(ctx, {
            shipping_company_id: companyId,
            order_ids: orderIds.slice(i, i + CHUNK),
          });
          for (const s of outcome.dispatch_success) dispatched.add(s.order_id);
          result.refused += outcome.dispatch_errors.length;
        }
      }
      result.dispatched += dispatched.size;
      // The shop validates what is on the road now, and what its validating carriers need to move;
      // a delivered parcel of a carrier without that step is simply read back delivered by the poll.
      const toValidate = bucket.filter(
        (p) =>
          dispatched.has(p.orderId) &&
          (p.target === 'follow-up' || ((p.target === 'delivered' || p.target === 'returned') && p.validates)),
      );
      for (let i = 0; i < toValidate.length; i += CHUNK) {
        const outcome = await validateDispatched(
          ctx,
          toValidate.slice(i, i + CHUNK).map((p) => p.orderId),
        );
        result.validated += outcome.validated.length;
        result.refused += outcome.errors.length;
      }
      await withTenant(db, tenantId, (tx) => dateRowsSince(tx, tenantId, since, at));
    }

    // Up to now on the carriers' side, then the status poll reads every parcel's history.
    const now = Date.now();
    if (now > sandbox.clock.now()) await sandbox.clock.advance(now - sandbox.clock.now());
    const since = await dbNow(db, tenantId);
    for (let round = 0; round < 20; round += 1) {
      const poll = await pollDemoShipments(db, keyring, { tenantId, timeZone: shop.timeZone });
      result.polled += poll.parcels;
      if (poll.changed === 0) break;
    }
    await withTenant(db, tenantId, (tx) => dateSyncedRowsSince(tx, tenantId, since));
    await writeSandboxSnapshot(sandboxStateFile(config.dataDir), sandbox);
  } finally {
    if (planInWrittenOrder) await db.execute(sql`reset join_collapse_limit`);
    setCarrierSandboxUrl(null);
    await sandbox.close();
  }
  return result;
}

/**
 * On the embedded database (one connection, every statement planned anew), the use cases' order
 * rows cost more to plan than to run: the seed lets the planner take joins in the order written
 * while it runs them (the demo's tables are small), and resets it after (decision 0096). A pool of
 * PostgreSQL connections is left alone (a session setting would stay on one of its connections).
 */
async function writtenJoinOrder(db: Db): Promise<boolean> {
  const client = (db as unknown as { $client?: { waitReady?: unknown } }).$client;
  if (!client || !('waitReady' in client)) return false;
  await db.execute(sql`set join_collapse_limit = 1`);
  return true;
}

/** Settled parcels, the ones on the road now, the ones waiting: never in one bucket. */
const phase = (p: TDemoParcel) => (p.target === 'inDispatch' ? 0 : p.target === 'follow-up' ? 1 : 2);

/**
 * Parcels grouped by dispatch time (already sorted), within one phase. A bucket is dispatched at
 * its last parcel's time, so no order leaves before it came in.
 */
function buckets(sorted: readonly TDemoParcel[]): TDemoParcel[][] {
  const groups: TDemoParcel[][] = [];
  for (const p of sorted) {
    const last = groups[groups.length - 1];
    if (last && phase(last[0]!) === phase(p) && p.dispatchAt - last[0]!.dispatchAt < BUCKET_MS) last.push(p);
    else groups.push([p]);
  }
  return groups;
}

async function dbNow(db: Db, tenantId: number): Promise<string> {
  const [row] = await withTenant(db, tenantId, (tx) =>
    rows<{ now: string }>(tx, sql`select clock_timestamp()::text as now`),
  );
  return row!.now;
}

/** Timestamps the use cases wrote since `since` (database time), moved to the sandbox day `at`. */
const DATED_COLUMNS: ReadonlyArray<[table: string, column: string]> = [
  ['fulfillment_statuses', 'created_at'],
  ['stock_movements', 'created_at'],
  ['shipments', 'created_at'],
  ['shipments', 'updated_at'],
  ['shipments', 'validated_at'],
  ['shipment_statuses', 'created_at'],
  ['shipment_attempts', 'created_at'],
  ['orders', 'dispatched_at'],
  ['orders', 'updated_at'],
  ['agent_commissions', 'occurred_at'],
];

async function dateRowsSince(tx: Tx, tenantId: number, since: string, at: number): Promise<void> {
  const shift = sql`(${new Date(at).toISOString()}::timestamptz - ${since}::timestamptz)`;
  for (const [table, column] of DATED_COLUMNS) {
    await tx.execute(
      sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${sql.identifier(column)} + ${shift}
          where tenant_id = ${tenantId} and ${sql.identifier(column)} >= ${since}::timestamptz`,
    );
  }
}

/** What the poll wrote since `since`, dated at the carrier's time of the status it applied. */
async function dateSyncedRowsSince(tx: Tx, tenantId: number, since: string): Promise<void> {
  const after = sql`${since}::timestamptz`;
  await tx.execute(
    sql`update shipment_statuses set created_at = occurred_at where tenant_id = ${tenantId} and created_at >= ${after}`,
  );
  await tx.execute(
    sql`update shipments set updated_at = coalesce(status_at, created_at)
        where tenant_id = ${tenantId} and updated_at >= ${after}`,
  );
  // The order's last carrier time (its active shipment's), for what the order side wrote.
  const carrierTime = (orderColumn: string) =>
    sql`(select s.status_at from shipments s where s.tenant_id = ${tenantId} and s.active
          and s.order_id = ${sql.raw(orderColumn)} and s.status_at is not null order by s.id desc limit 1)`;
  await tx.execute(
    sql`update fulfillment_statuses f set created_at = coalesce(${carrierTime('f.order_id')}, f.created_at)
        where f.tenant_id = ${tenantId} and f.created_at >= ${after}`,
  );
  await tx.execute(
    sql`update stock_movements m set created_at = coalesce(${carrierTime('m.order_id')}, m.created_at)
        where m.tenant_id = ${tenantId} and m.created_at >= ${after} and m.order_id is not null`,
  );
  await tx.execute(
    sql`update agent_commissions a set occurred_at = coalesce(${carrierTime('a.order_id')}, a.occurred_at)
        where a.tenant_id = ${tenantId} and a.occurred_at >= ${after}`,
  );
  await tx.execute(
    sql`update orders o set updated_at = coalesce(${carrierTime('o.id')}, o.updated_at)
        where o.tenant_id = ${tenantId} and o.updated_at >= ${after}`,
  );
}
