import { describe, expect, it } from 'vitest';
import { BarcodeWedge } from './barcode-wedge.js';
import { englishOf, orderError } from '../messages/render.js';
import { shippingOutcomeMessage } from './messages.js';
import { canAssignOrDispatch, SHIPMENT_TIMELINE_COLOUR } from './timeline.js';
import { ZBarcodeActionRequest, ZDeliveryFeeRequest, ZShippingOrdersRequest } from './contracts.js';

describe('SPEC 8 bulk outcomes', () => {
  const errors = [
    // A carrier's own words, as the server answers them.
    orderError(7, 'Commune introuvable'),
    orderError(9, 'Téléphone invalide'),
  ];
  it('builds the three assign messages and the single-order form', () => {
    expect(shippingOutcomeMessage('assign', 3, []).message).toBe('Successfully assigned all 3 orders!');
    expect(shippingOutcomeMessage('assign', 0, errors).message).toBe(
      'Failed to assign orders: Order 7: Commune introuvable; Order 9: Téléphone invalide',
    );
    expect(shippingOutcomeMessage('assign', 43, errors)).toEqual({
      kind: 'partial',
      code: 'shipping.assign_partial',
      params: { ok: 43, failed: 2, errors },
      message:
        'Successfully assigned 43 orders, but failed to assign 2 orders: Order 7: Commune introuvable; Order 9: Téléphone invalide',
    });
    expect(shippingOutcomeMessage('assign', 0, errors.slice(0, 1), true).message).toBe(
      'Failed to assign order: Commune introuvable',
    );
  });
  it('builds the dispatch ones the same way', () => {
    expect(shippingOutcomeMessage('dispatch', 2, []).kind).toBe('success');
    expect(shippingOutcomeMessage('dispatch', 2, []).message).toBe('Successfully dispatched all 2 orders!');
    expect(shippingOutcomeMessage('dispatch', 0, errors).message).toMatch(/^Failed to dispatch orders: Order 7/);
    expect(shippingOutcomeMessage('dispatch', 1, errors, true).message).toBe(
      'Failed to dispatch order: Commune introuvable, Téléphone invalide',
    );
  });
});

describe('SPEC 4 rules', () => {
  it('allows assign/dispatch only from waiting_transit, ready_to_ship, created or no shipment', () => {
    expect(canAssignOrDispatch(null)).toBe(true);
    for (const s of ['waiting_transit', 'ready_to_ship', 'created'] as const) expect(canAssignOrDispatch(s)).toBe(true);
    for (const s of ['shipped', 'in_process', 'delivered', 'cancelled'] as const)
      expect(canAssignOrDispatch(s)).toBe(false);
  });
  it('colours the timeline per SPEC 4', () => {
    expect(SHIPMENT_TIMELINE_COLOUR.pending).toBe('warning');
    expect(SHIPMENT_TIMELINE_COLOUR.in_process).toBe('info');
    expect(SHIPMENT_TIMELINE_COLOUR.in_transit_to_ship).toBe('primary');
    expect(SHIPMENT_TIMELINE_COLOUR.delivered).toBe('success');
    expect(SHIPMENT_TIMELINE_COLOUR.taken_by_store).toBe('error');
    expect(SHIPMENT_TIMELINE_COLOUR.cancelled).toBe('error');
  });
});

describe('SPEC 9 keyboard wedge (characters under 100 ms apart form one scan)', () => {
  const type = (wedge: BarcodeWedge, text: string, start: number, gap: number) => {
    let at = start;
    let result: string | null = null;
    for (const ch of text) {
      result = wedge.key(ch, at) ?? result;
      at += gap;
    }
    return { result: wedge.key('Enter', at - gap + Math.min(gap, 20)) ?? result, at };
  };
  it('reads a fast burst ended by Enter as one scan', () => {
    expect(type(new BarcodeWedge(), 'yal-00004E', 0, 15).result).toBe('yal-00004E');
  });
  it('ignores a person typing (gaps of 100 ms or more)', () => {
    const wedge = new BarcodeWedge();
    let at = 0;
    for (const ch of 'yal-00004E') {
      expect(wedge.key(ch, at)).toBeNull();
      at += 150;
    }
    expect(wedge.key('Enter', at)).toBeNull();
  });
  it('starts a new scan after a pause, dropping the slow prefix', () => {
    const wedge = new BarcodeWedge();
    wedge.key('x', 0);
    wedge.key('y', 500);
    expect(type(wedge, 'OWN-ABC123', 1000, 10).result).toBe('OWN-ABC123');
  });
  it('flushes a suffix-less burst after the gap', () => {
    const wedge = new BarcodeWedge();
    let at = 0;
    for (const ch of '1234567') wedge.key(ch, (at += 10));
    expect(wedge.flush(at + 50)).toBeNull();
    expect(wedge.flush(at + 150)).toBe('1234567');
  });
});

describe('request contracts', () => {
  it('SPEC 5: at least one order, a company, a barcode', () => {
    const noOrders = ZShippingOrdersRequest.safeParse({ shipping_company_id: 1, order_ids: [] });
    expect(noOrders.success || englishOf(noOrders.error.issues[0]!.message)).toBe(
      'Please select at least one order to dispatch',
    );
    const noBarcode = ZBarcodeActionRequest.safeParse({ barcode: '  ', action: 'select' });
    expect(noBarcode.success || englishOf(noBarcode.error.issues[0]!.message)).toBe('Please enter a barcode');
    expect(
      ZDeliveryFeeRequest.safeParse({ shipping_company_id: '3', state_id: 16, delivery_type: 'stopdesk' }).success,
    ).toBe(true);
    expect(ZShippingOrdersRequest.parse({ shipping_company_id: 2, order_ids: [5, 5, '6'] }).order_ids).toEqual([5, 6]);
  });
});
