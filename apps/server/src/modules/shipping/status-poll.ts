import { sql } from 'drizzle-orm';
import type { TCarrierLogger } from '../../carriers/carrier.js';
import type { TCarrierKeyring } from '../../carriers/credentials.js';
import { FINAL_SHIPMENT_STATUSES } from '../../carriers/shipment-status.js';
import { rows, type Db } from '../../db/client.js';
import { withSystem, withTenant } from '../../db/tenant-context.js';
import { withTenantEvents } from '../../lib/domain-events.js';
import { findCompany } from '../shipping-companies/shipping-companies.repository.js';
import { openAdapter } from '../shipping-companies/shipping-companies.service.js';
import { systemActor } from './order-moves.js';
import * as repo from './shipments.repository.js';
import { applyReports, reportsOfTracking } from './status-sync.js';

/** Parcels per tracking call, and per company per run (decision 0030: within the carriers' limits). */
const TRACKING_CHUNK = 50;
const MAX_PER_COMPANY = 500;

const FINAL = sql.join(
  FINAL_SHIPMENT_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

export interface TPollResult {
  companies: number;
  parcels: number;
  changed: number;
  failures: number;
}

export interface TPollTarget {
  tenant_id: number;
  id: number;
  time_zone: string;
}

/** Companies with parcels still moving (a final status is never polled again), least recently polled first. */
export function pollTargets(db: Db, options: { tenantId?: number } = {}): Promise<TPollTarget[]> {
  return withSystem(db, (tx) =>
    rows<TPollTarget>(
      tx,
      sql`select c.tenant_id, c.id, t.time_zone from shipping_companies c join tenants t on t.id = c.tenant_id
          where c.kind <> 'manual' and c.archived_at is null
            ${options.tenantId === undefined ? sql`` : sql`and c.tenant_id = ${options.tenantId}`}
            and exists (
              select 1 from shipments s where s.tenant_id = c.tenant_id and s.shipping_company_id = c.id and s.active
                and (s.status is null or s.status not in (${FINAL})))
          order by c.last_polled_at nulls first`,
    ),
  );
}

/**
 * The periodic status poll of one company (issue 5.8): read its moving parcels' tracking in chunks
 * (the adapter paces itself to the carrier's published limits and backs off on 429) and apply it
 * like a webhook. Parcels least recently updated go first. Throws when the carrier cannot be read.
 */
export async function pollCompany(
  db: Db,
  keyring: TCarrierKeyring,
  log: TCarrierLogger,
  target: TPollTarget,
): Promise<{ parcels: number; changed: number }> {
  const result = { parcels: 0, changed: 0 };
  const { company, shipments } = await withTenant(db, target.tenant_id, async (tx) => ({
    company: await findCompany(tx, target.tenant_id, target.id),
    shipments: await rows<{ tracking_number: string }>(
      tx,
      sql`select tracking_number from shipments where tenant_id = ${target.tenant_id}
            and shipping_company_id = ${target.id} and active and (status is null or status not in (${FINAL}))
          order by updated_at limit ${MAX_PER_COMPANY}`,
    ),
  }));
  if (!company) return result;
  const adapter = openAdapter(keyring, target.tenant_id, company, log);
  const actor = systemActor(target.tenant_id, target.time_zone);
  for (let i = 0; i < shipments.length; i += TRACKING_CHUNK) {
    const trackings = await adapter.getTracking(shipments.slice(i, i + TRACKING_CHUNK).map((s) => s.tracking_number));
    for (const tracking of trackings) {
      result.parcels += 1;
      const changed = await withTenantEvents(db, target.tenant_id, async (tx, events) => {
        const shipment = await repo.shipmentByTracking(tx, target.tenant_id, target.id, tracking.trackingNumber);
        if (!shipment) return false;
        const outcome = tracking.events.length
          ? await applyReports(tx, events, actor, shipment, reportsOfTracking(tracking, 'poll'), {
              driverPhone: tracking.driverPhone,
            })
          : { inserted: 0 };
        // Touch the row so the next run starts with other parcels.
        await repo.setShipmentState(tx, target.tenant_id, shipment.id, {});
        return outcome.inserted > 0;
      });
      if (changed) result.changed += 1;
    }
  }
  await withTenant(db, target.tenant_id, (tx) =>
    tx.execute(
      sql`update shipping_companies set last_polled_at = now() where tenant_id = ${target.tenant_id} and id = ${target.id}`,
    ),
  );
  return result;
}

/** Every company in turn (tests, and a one-off run); one company's failure does not stop the others. */
export async function pollShipments(
  db: Db,
  keyring: TCarrierKeyring,
  log: TCarrierLogger,
  options: { tenantId?: number } = {},
): Promise<TPollResult> {
  const targets = await pollTargets(db, options);
  const result: TPollResult = { companies: targets.length, parcels: 0, changed: 0, failures: 0 };
  for (const target of targets) {
    try {
      const one = await pollCompany(db, keyring, log, target);
      result.parcels += one.parcels;
      result.changed += one.changed;
    } catch (error) {
      result.failures += 1;
      log.warn(
        { tenantId: target.tenant_id, companyId: target.id, error: error instanceof Error ? error.message : 'unknown' },
        'shipment status poll failed for a company',
      );
    }
  }
  return result;
}
