import crypto from 'node:crypto';
import { nothingToValidate, withoutDriverNotes } from '../adapter-config.js';
import { CarrierError, carrierCapabilities, type TCarrierAdapter } from '../carrier.js';
import { createdOutcome } from '../create-flow.js';
import { createStatusMapper } from '../status-mapping.js';
import { SHIPMENT_STATUSES } from '../shipment-status.js';

/**
 * "Own drivers": the seller delivers with its own people. No HTTP: a tracking number is minted
 * locally from the order reference (stable, so dispatching twice never gives two numbers), labels
 * are our own A6 PDF (kind 'none' tells the flows to print it), and statuses are set by hand
 * through the same SPEC 4 vocabulary (the raw text is the status itself).
 */
export const manualStatuses = createStatusMapper(Object.fromEntries(SHIPMENT_STATUSES.map((s) => [s, s])));

export function manualTrackingNumber(reference: string): string {
  return `OWN-${crypto.createHash('sha256').update(reference).digest('hex').slice(0, 10).toUpperCase()}`;
}

export function createManualAdapter(): TCarrierAdapter {
  return {
    kind: 'manual',
    capabilities: carrierCapabilities({
      batchSize: 1000,
      label: 'none',
      lookupByReference: true,
      cancellableStatuses: ['created', 'ready_to_ship', 'pending', 'postponed'],
    }),
    async createParcels(parcels) {
      const status = manualStatuses.map('created');
      return parcels.map((p) =>
        createdOutcome(p.reference, { trackingNumber: manualTrackingNumber(p.reference), status }, false),
      );
    },
    validateParcels: nothingToValidate,
    async cancelParcel() {
      return { ok: true };
    },
    async getLabel() {
      return { kind: 'none', reason: 'Own drivers: print our own label' };
    },
    async getTracking(trackings) {
      // The shipment's statuses live in our database; the flows read them there.
      return trackings.map((trackingNumber) => ({ trackingNumber, current: null, events: [] }));
    },
    async getFees() {
      throw CarrierError.unsupported('manual', 'fee import (fees are typed in by the seller)');
    },
    async getCentres() {
      return [];
    },
    ...withoutDriverNotes('manual'),
    async testConnection() {
      return { ok: true };
    },
  };
}
