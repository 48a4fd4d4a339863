import { describe, expect, it } from 'vitest';
import type { TOrderListResponse, TShipmentTimelineResponse } from '@cod/shared';
import { openShippingWorld, readyOrders, shopWithCompany } from '../shipping/shipping-support.js';

/** Issue 12.10 (decision 0094): the list carries what the table shows. */
const world = await openShippingWorld();

describe('the Orders list payload', () => {
  it('carries a parcel without its carrier history, which the timeline dialog reads on its own', async () => {
    const shop = await shopWithCompany(world);
    const orders = await readyOrders(shop, 2);
    const dispatched = await shop.api.post('/dashboard/orders/dispatch', {
      shipping_company_id: shop.companyId,
      order_ids: orders.map((o) => o.id),
    });
    expect(dispatched.json().dispatch_success).toHaveLength(2);

    const list = (await shop.api.get('/dashboard/orders?tab=inDispatch')).json() as TOrderListResponse;
    expect(list.data.map((r) => r.id).sort()).toEqual(orders.map((o) => o.id).sort());
    for (const row of list.data) {
      expect(row.current_shipment).toMatchObject({
        tracking_number: row.tracking_number,
        shipping_company: { id: shop.companyId, code: 'yalidine', kind: 'yalidine' },
        statuses: [],
      });
      const timeline = (await shop.api.get(`/orders/${row.id}/shipment-timeline`)).json() as TShipmentTimelineResponse;
      expect(timeline.order.current_shipment!.statuses.length).toBeGreaterThan(0);
    }
  });
});
