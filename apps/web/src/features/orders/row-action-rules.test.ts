import type { TOrderRow, TStatusType } from '@cod/shared';
import { describe, expect, it } from 'vitest';
import { deliveryFeeRequest } from './order-dialog/use-delivery-fee';
import { bulkActionsFor, offeredStatusTypes, rowActionsFor } from './row-action-rules';

function orderOf(type: TStatusType, extra: Partial<TOrderRow> = {}): TOrderRow {
  return {
    id: 1,
    order_number: 1,
    deleted_at: null,
    products: [],
    current_shipment: null,
    latest_status: {
      status: { id: 1, name: type, display_name: type, color: '#000', type },
      description: null,
      created_at: '',
    },
    ...extra,
  } as unknown as TOrderRow;
}

describe('what each tab offers (SPEC 4)', () => {
  it('offers confirmed, pending, reported and cancelled in inProcess', () => {
    expect(offeredStatusTypes('inProcess', 'new')).toEqual(['confirmed', 'pending', 'reported', 'cancelled']);
  });

  it('offers follow-up statuses in inDelivery and statuses of matching type when closed', () => {
    expect(offeredStatusTypes('inDelivery', 'follow-up')).toEqual(['follow-up', 'delivered', 'returned']);
    expect(offeredStatusTypes('delivered', 'delivered')).toEqual(['delivered']);
    expect(offeredStatusTypes('returned', 'returned')).toEqual(['returned']);
  });

  it('offers no status dialog in ready and inDispatch (their actions are the carrier ones)', () => {
    expect(offeredStatusTypes('ready', 'confirmed')).toEqual([]);
    expect(rowActionsFor(orderOf('confirmed'), 'ready')).toEqual(
      expect.arrayContaining(['assign_shipping', 'dispatch', 'go_back']),
    );
    expect(rowActionsFor(orderOf('inDispatch'), 'inDispatch')).toEqual(
      expect.arrayContaining(['validate', 'parcel_tickets']),
    );
    expect(rowActionsFor(orderOf('inDispatch'), 'inDispatch')).not.toContain('delete');
  });

  it('has the SPEC 4 bulk actions per tab', () => {
    expect(bulkActionsFor('inProcess').slice(0, 2)).toEqual(['mark_confirmed', 'mark_pending']);
    expect(bulkActionsFor('ready')).toEqual(expect.arrayContaining(['assign_shipping', 'dispatch']));
    expect(bulkActionsFor('inDispatch')).toEqual(['validate', 'parcel_tickets']);
    expect(bulkActionsFor('inDelivery')).toContain('parcel_tickets');
    expect(bulkActionsFor('deleted')).toEqual([]);
  });

  it('offers only restore, history and the customer in the deleted tab', () => {
    expect(rowActionsFor(orderOf('pending', { deleted_at: '2026-11-21T10:00:00Z' }), 'deleted')).toEqual([
      'restore',
      'timeline',
      'customer',
    ]);
  });

  it('shows driver buttons only for ecotrack shipments (SPEC 6)', () => {
    const ecotrack = orderOf('follow-up', { current_shipment: { shipping_company: { code: 'ecotrack' } } });
    const other = orderOf('follow-up', { current_shipment: { shipping_company: { code: 'yalidine' } } });
    expect(rowActionsFor(ecotrack, 'inDelivery')).toContain('notify_driver');
    expect(rowActionsFor(other, 'inDelivery')).not.toContain('notify_driver');
    // Issue 5: any carrier of the EcoTrack platform (kind ecotrack), whatever its own code.
    const dhd = orderOf('follow-up', { current_shipment: { shipping_company: { code: 'dhd', kind: 'ecotrack' } } });
    expect(rowActionsFor(dhd, 'inDelivery')).toContain('driver_updates');
  });
});

describe('delivery fee request (SPEC 5)', () => {
  it('asks only when both a shipping company and a state are chosen', () => {
    expect(deliveryFeeRequest({ shipping_company_id: '', state_id: 16, is_stopdesk: false })).toBeNull();
    expect(deliveryFeeRequest({ shipping_company_id: 2, state_id: '', is_stopdesk: false })).toBeNull();
    expect(deliveryFeeRequest({ shipping_company_id: 2, state_id: 16, is_stopdesk: true })).toEqual({
      shipping_company_id: 2,
      state_id: 16,
      delivery_type: 'stopdesk',
    });
    expect(deliveryFeeRequest({ shipping_company_id: 2, state_id: 16, is_stopdesk: false })?.delivery_type).toBe(
      'home_delivery',
    );
  });
});
