import { silentLogger } from '../../carriers/carrier.js';
import type { TCarrierKeyring } from '../../carriers/credentials.js';
import { withTenantEvents } from '../../lib/domain-events.js';
import { openAdapter } from '../../modules/shipping-companies/shipping-companies.service.js';
import { findCompany } from '../../modules/shipping-companies/shipping-companies.repository.js';
import { systemActor } from '../../modules/shipping/order-moves.js';
import { shipmentByTracking } from '../../modules/shipping/shipments.repository.js';
import {
  markCompanyPolled,
  movingTrackingNumbers,
  pollTargetsOf,
} from '../../modules/shipping/status-poll.repository.js';
import { applyReports, reportsOfTracking } from '../../modules/shipping/status-sync.js';
import type { Db } from '../client.js';
import { withSystem, withTenant } from '../tenant-context.js';

/** Parcels per carrier tracking call and per transaction. */
const CHUNK = 50;

/**
 * The status poll of `npm start` (modules/shipping/status-poll.ts) for the demo seed, one pass over
 * every moving parcel of the shop (docs/decisions/0096): each company's parcels read from the
 * carrier in chunks, and each chunk's reports applied by the same `applyReports` the poll and the
 * webhooks use, in one transaction per chunk rather than one per parcel, and with no cap per company
 * (the running poll spreads a big shop over several runs to stay within the carriers' limits; the
 * sandbox has none). Answers how many parcels moved.
 */
export async function pollDemoShipments(
  db: Db,
  keyring: TCarrierKeyring,
  shop: { tenantId: number; timeZone: string },
): Promise<{ parcels: number; changed: number }> {
  const { tenantId } = shop;
  const result = { parcels: 0, changed: 0 };
  const targets = await withSystem(db, (tx) => pollTargetsOf(tx, { tenantId }));
  const actor = systemActor(tenantId, shop.timeZone);
  for (const target of targets) {
    const { company, shipments } = await withTenant(db, tenantId, async (tx) => ({
      company: await findCompany(tx, tenantId, target.id),
      shipments: await movingTrackingNumbers(tx, { tenantId, companyId: target.id, limit: 1_000_000 }),
    }));
    if (!company) continue;
    const adapter = openAdapter(keyring, tenantId, company, silentLogger);
    for (let i = 0; i < shipments.length; i += CHUNK) {
      const trackings = await adapter.getTracking(shipments.slice(i, i + CHUNK).map((s) => s.tracking_number));
      result.parcels += trackings.length;
      result.changed += await withTenantEvents(db, tenantId, async (tx, events) => {
        let changed = 0;
        for (const tracking of trackings) {
          if (!tracking.events.length) continue;
          const shipment = await shipmentByTracking(tx, tenantId, target.id, tracking.trackingNumber);
          if (!shipment) continue;
          const outcome = await applyReports(tx, events, actor, shipment, reportsOfTracking(tracking, 'poll'), {
            driverPhone: tracking.driverPhone,
          });
          if (outcome.inserted > 0) changed += 1;
        }
        return changed;
      });
    }
    await withTenant(db, tenantId, (tx) => markCompanyPolled(tx, tenantId, target.id));
  }
  return result;
}
