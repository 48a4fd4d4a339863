import type { TCarrierLogger } from '../../carriers/carrier.js';
import type { TCarrierKeyring } from '../../carriers/credentials.js';
import type { Db } from '../../db/client.js';
import { withSystem, withTenant } from '../../db/tenant-context.js';
import { withTenantEvents } from '../../lib/domain-events.js';
import { findCompany, openAdapter } from '../shipping-companies/shipping-companies.service.js';
import { systemActor } from './order-moves.js';
import * as repo from './shipments.repository.js';
import { markCompanyPolled, movingTrackingNumbers, pollTargetsOf, type TPollTarget } from './status-poll.repository.js';
import { applyReports, reportsOfTracking } from './status-sync.js';

/** Parcels per tracking call, and per company per run (decision 0030: within the carriers' limits). */
const TRACKING_CHUNK = 50;
const MAX_PER_COMPANY = 500;

export interface TPollResult {
  companies: number;
  parcels: number;
  changed: number;
  failures: number;
}

/** Companies with parcels still moving (a final status is never polled again), least recently polled first. */
export function pollTargets(db: Db, options: { tenantId?: number } = {}): Promise<TPollTarget[]> {
  return withSystem(db, (tx) => pollTargetsOf(tx, options));
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
    shipments: await movingTrackingNumbers(tx, {
      tenantId: target.tenant_id,
      companyId: target.id,
      limit: MAX_PER_COMPANY,
    }),
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
  await withTenant(db, target.tenant_id, (tx) => markCompanyPolled(tx, target.tenant_id, target.id));
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
