import { describe, expect, it } from 'vitest';
import { openShippingWorld, shopWithCompany } from '../shipping/shipping-support.js';

const world = await openShippingWorld();

/** The fee grid's return fee (decisions 0103, 0112): typed by the shop, checked, kept by the import. */
describe('the fee grid’s return fee', () => {
  it('is saved and read with the delivery fees, kept by the carrier import, refused when negative', async () => {
    const shop = await shopWithCompany(world);
    const url = `/dashboard/shipping-companies/${shop.companyId}/fees`;
    const alger = async () =>
      (await shop.api.get(url)).json().data.find((f: { state_id: number }) => f.state_id === 16);

    const saved = await shop.api.put(url, {
      fees: [{ state_id: 16, home_fee: 450, stopdesk_fee: 300, return_fee: 200 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await alger()).toMatchObject({ home_fee: 450, stopdesk_fee: 300, return_fee: 200 });

    // A client that does not send it (and the carrier's import) keeps it.
    expect((await shop.api.put(url, { fees: [{ state_id: 16, home_fee: 500, stopdesk_fee: 300 }] })).statusCode).toBe(
      200,
    );
    expect(await alger()).toMatchObject({ home_fee: 500, return_fee: 200 });
    expect((await shop.api.post(`${url}/import`)).statusCode).toBe(200);
    expect((await alger()).return_fee).toBe(200);

    const refused = await shop.api.put(url, {
      fees: [{ state_id: 16, home_fee: 500, stopdesk_fee: 300, return_fee: -1 }],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error_codes['fees.0.return_fee'][0]).toMatchObject({ code: 'validation.min' });
    expect((await alger()).return_fee).toBe(200);

    // Emptied: no return fee.
    await shop.api.put(url, { fees: [{ state_id: 16, home_fee: 500, stopdesk_fee: 300, return_fee: null }] });
    expect((await alger()).return_fee).toBeNull();
  });
});
