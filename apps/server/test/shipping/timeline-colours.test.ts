import { describe, expect, it } from 'vitest';
import { SHIPMENT_STATUS_LIST, SHIPMENT_TIMELINE_COLOUR, canAssignOrDispatch } from '@cod/shared';
import {
  canDispatchFromShipmentStatus,
  SHIPMENT_STATUSES,
  timelineColour,
} from '../../src/carriers/shipment-status.js';

/** The browser's copy of SPEC 4's tables (packages/shared) must say what the carrier layer says. */
describe('shipment status tables agree between server and browser', () => {
  it('has the same statuses, dot colours and dispatch rule', () => {
    expect([...SHIPMENT_STATUS_LIST]).toEqual([...SHIPMENT_STATUSES]);
    for (const status of SHIPMENT_STATUSES) {
      expect(SHIPMENT_TIMELINE_COLOUR[status], status).toBe(timelineColour(status));
      expect(canAssignOrDispatch(status), status).toBe(canDispatchFromShipmentStatus(status));
    }
  });
});
