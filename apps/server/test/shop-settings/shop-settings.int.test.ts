import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKING_HOURS, type TParcelTicketsResponse, type TShopSettingsInput } from '@cod/shared';
import { rows } from '../../src/db/client.js';
import { withTenant } from '../../src/db/tenant-context.js';
import { readShopSettings, shopSettingsOf } from '../../src/modules/shop-settings/shop-settings.service.js';
import { clientOf } from '../orders/orders-support.js';
import { inspectPdf, readingText } from '../documents/support/pdf-inspect.js';
import { addCompany, openShippingWorld, readyOrders, shopWithCompany } from '../shipping/shipping-support.js';
import { multipartFile } from '../support/multipart.js';
import { createTestTenant, createTestUser, loginAs } from '../support/test-db.js';

// Issue 18.5: the shop's settings (docs/decisions/0060).
const world = await openShippingWorld();
const { app, database } = world;

async function ownerShop() {
  const tenant = await createTestTenant(database);
  const { authorization } = await loginAs(app, tenant.ownerEmail);
  return { tenant, authorization, api: clientOf(app, authorization) };
}

const valid = (overrides: Partial<TShopSettingsInput> = {}): TShopSettingsInput => ({
  shop_name: 'Boutique Yasmine',
  sender_address: 'Cité 200 logements, Bab Ezzouar, Alger',
  sender_phone: '0555 12 34 56',
  time_zone: 'Africa/Algiers',
  default_shipping_company_id: null,
  working_hours: { ...DEFAULT_WORKING_HOURS, sat: { open: '10:00', close: '14:00' } },
  whatsapp_phone: '+213 661 22 33 44',
  low_stock_threshold: 8,
  ...overrides,
});

const logoUpload = (file: Buffer, authorization: string) =>
  app.inject({
    method: 'POST',
    url: '/dashboard/shop-settings/logo',
    ...multipartFile('logo', file, 'logo.png', authorization),
  });

describe('shop settings', () => {
  it('every shop starts with defaults: its name, Africa/Algiers, the default hours', async () => {
    const { tenant, api } = await ownerShop();
    const settings = await api.get('/dashboard/shop-settings');
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toMatchObject({
      shop_name: tenant.cqName,
      logo_url: null,
      time_zone: 'Africa/Algiers',
      working_hours: DEFAULT_WORKING_HOURS,
      low_stock_threshold: 5,
      whatsapp_phone: null,
    });
  });

  it('saves every field, normalises phones, and other modules read them', async () => {
    const { tenant, api } = await ownerShop();
    const saved = await api.put('/dashboard/shop-settings', valid());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      code: 'shop_settings.updated',
      settings: { shop_name: 'Boutique Yasmine', sender_phone: '0555123456', whatsapp_phone: '0661223344' },
    });
    const read = await readShopSettings({ db: database.db }, tenant.id);
    expect(read.working_hours.sat).toEqual({ open: '10:00', close: '14:00' });
    expect(read.low_stock_threshold).toBe(8);
    const inTx = await withTenant(database.db, tenant.id, (tx) => shopSettingsOf(tx, tenant.id));
    expect(inTx.whatsapp_phone).toBe('0661223344');
  });

  it('a new time zone and name reach the tenant row every session and PDF reads', async () => {
    const { tenant, api } = await ownerShop();
    await api.put('/dashboard/shop-settings', valid({ shop_name: 'Maison Oran', time_zone: 'Europe/Paris' }));
    const [row] = await rows<{ name: string; time_zone: string }>(
      database.db,
      sql`select name, time_zone from tenants where id = ${tenant.id}`,
    );
    expect(row).toEqual({ name: 'Maison Oran', time_zone: 'Europe/Paris' });
  });

  it('refuses bad input with 422 and a code per field', async () => {
    const { api } = await ownerShop();
    const refused = await api.put('/dashboard/shop-settings', {
      ...valid(),
      shop_name: ' ',
      sender_phone: '123',
      time_zone: 'Mars/Olympus',
      working_hours: {
        ...DEFAULT_WORKING_HOURS,
        sun: { open: '18:00', close: '09:00' },
        mon: { open: '9h', close: '17:00' },
      },
      low_stock_threshold: -1,
      default_shipping_company_id: 2147483000,
    });
    expect(refused.statusCode).toBe(422);
    const codes = Object.fromEntries(
      Object.entries(refused.json().error_codes as Record<string, Array<{ code: string }>>).map(([k, v]) => [
        k,
        v[0]!.code,
      ]),
    );
    expect(codes).toEqual({
      shop_name: 'validation.required',
      sender_phone: 'customer.phone_invalid',
      time_zone: 'tenant.time_zone_invalid',
      'working_hours.sun.close': 'shop_settings.hours_order',
      'working_hours.mon.open': 'shop_settings.time_format',
      low_stock_threshold: 'validation.not_below',
    });
    // An unknown company (or another shop's) is refused once the rest is valid.
    const other = await shopWithCompany(world);
    const foreign = await api.put('/dashboard/shop-settings', valid({ default_shipping_company_id: other.companyId }));
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().error_codes.default_shipping_company_id[0].code).toBe('validation.selected_invalid');
  });

  it("is the owner's: a manager and an agent are refused", async () => {
    const { tenant } = await ownerShop();
    for (const role of ['Manager', 'Support Agent'] as const) {
      const user = await createTestUser(database, tenant, role);
      const api = clientOf(app, (await loginAs(app, user.email)).authorization);
      expect((await api.get('/dashboard/shop-settings')).statusCode, role).toBe(403);
      expect((await api.put('/dashboard/shop-settings', valid())).statusCode, role).toBe(403);
    }
  });

  it('audits what changed, before and after', async () => {
    const { tenant, api } = await ownerShop();
    await api.put('/dashboard/shop-settings', valid());
    await api.put('/dashboard/shop-settings', valid({ low_stock_threshold: 3 }));
    const logged = await rows<{ action: string; changes: Record<string, unknown> }>(
      database.db,
      sql`select action, changes from audit_log
          where tenant_id = ${tenant.id} and entity = 'settings' order by id`,
    );
    expect(logged).toHaveLength(2);
    expect(logged[1]).toEqual({
      action: 'update',
      changes: { before: { low_stock_threshold: 8 }, after: { low_stock_threshold: 3 } },
    });
  });
});

describe('logo and parcel labels', () => {
  it('stores the logo by content, and our own parcel label prints it with the sender', async () => {
    const shop = await shopWithCompany(world);
    const ownerAuth = (await loginAs(app, shop.tenant.ownerEmail)).authorization;
    const api = clientOf(app, ownerAuth);
    const notImage = await logoUpload(Buffer.from('GIF89a but not really a picture'), ownerAuth);
    expect(notImage.statusCode).toBe(422);
    expect(notImage.json().error_codes.logo[0].code).toBe('shop_settings.logo_type');

    const logo = await sharp({ create: { width: 900, height: 300, channels: 4, background: '#7367F0' } })
      .png()
      .toBuffer();
    const uploaded = await logoUpload(logo, ownerAuth);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const logoUrl = uploaded.json().settings.logo_url as string;
    const served = await app.inject({ method: 'GET', url: logoUrl });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 512, height: 171 });

    await api.put('/dashboard/shop-settings', valid({ shop_name: 'Boutique Yasmine' }));
    const own = await addCompany(world, api, { kind: 'manual', code: 'own-drivers', name: 'Own drivers' });
    const [order] = await readyOrders(shop, 1);
    await api.post('/dashboard/orders/dispatch', { shipping_company_id: own, order_ids: [order!.id] });
    const tickets = (
      await api.post('/dashboard/orders/view-parcel-tickets', { order_ids: [order!.id] })
    ).json() as TParcelTicketsResponse;
    const pdf = await app.inject({ method: 'GET', url: tickets.results[0]!.parcel_ticket_url });
    expect(pdf.statusCode).toBe(200);
    const text = inspectPdf(pdf.rawPayload).runs.map(readingText).join(' ');
    expect(text).toContain('Boutique Yasmine');
    expect(text).toContain('0555123456');
    expect(text).toContain('Bab Ezzouar');
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/Subtype \/Image/);

    const removed = await api.delete('/dashboard/shop-settings/logo');
    expect(removed.json().settings.logo_url).toBeNull();
    expect((await app.inject({ method: 'GET', url: logoUrl })).statusCode).toBe(404);
  });
});
