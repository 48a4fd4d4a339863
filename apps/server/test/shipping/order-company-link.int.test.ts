import { describe, expect, it } from 'vitest';
import { orderBody } from '../orders/orders-support.js';
import { openShippingWorld, orderOf, readyOrders, shopWithCompany } from './shipping-support.js';

const world = await openShippingWorld();

describe('orders.shipping_company_id (migration 0006 foreign key)', () => {
  it('keeps an order on its own shop company, and refuses another shop or an unknown id without a 500', async () => {
    const shop = await shopWithCompany(world);
    const other = await shopWithCompany(world);
    const ok = await shop.api.post('/dashboard/orders', orderBody(shop, { shipping_company_id: shop.companyId }));
    expect(ok.statusCode).toBe(201);
    for (const id of [other.companyId, 999_999]) {
      const refused = await shop.api.post('/dashboard/orders', orderBody(shop, { shipping_company_id: id }));
      expect(refused.statusCode, String(id)).toBe(422);
    }
  });

  it('answers SPEC 3 current_shipment and shipment_status on order rows once dispatched', async () => {
    const shop = await shopWithCompany(world);
    const [order] = await readyOrders(shop, 1);
    expect((await orderOf(shop, order!.id)).current_shipment).toBeNull();
    const dispatched = await shop.api.post('/dashboard/orders/dispatch', {
      shipping_company_id: shop.companyId,
      order_ids: [order!.id],
    });
    const tracking = dispatched.json().dispatch_success[0].tracking_number as string;
    const row = await orderOf(shop, order!.id);
    expect(row.current_shipment).toMatchObject({
      tracking_number: tracking,
      shipping_company: { id: shop.companyId, code: 'yalidine', kind: 'yalidine' },
      driver_phone: null,
    });
    expect(row.shipment_status).toMatchObject({ tracking_number: tracking, provider_status: expect.any(String) });
    const list = (await shop.api.get('/dashboard/orders?tab=inDispatch')).json();
    expect(list.data[0].current_shipment.tracking_number).toBe(tracking);
  });
});
