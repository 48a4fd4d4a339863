import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../src/db/client.js';
import { withTenant } from '../../src/db/tenant-context.js';
import { upsertCustomerByPhone } from '../../src/modules/customers/customers.repository.js';
import { createTestUser, loginAs, openTestApp } from '../support/test-db.js';
import { clientOf, ownerOfNewShop } from './catalogue-support.js';

const { app, database } = await openTestApp();
const path = (phone: string) => `/dashboard/customers/${encodeURIComponent(phone)}`;

describe('customers (issue 3.6)', () => {
  it('identifies a customer by the normalised phone, whichever way it is written', async () => {
    const { api } = await ownerOfNewShop(app, database);
    const created = await api.post('/dashboard/customers', { phone: '+213 (0)555 12-34-56', name: 'Amina B.' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      phone: '0555123456',
      name: 'Amina B.',
      is_blocked: false,
      blocked_customer: null,
    });
    const again = await api.post('/dashboard/customers', { phone: '00213555123456' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ phone: ['The phone has already been taken.'] });
    for (const written of ['0555123456', '+213555123456', '0555 12 34 56', '213-555-12-34-56']) {
      const found = await api.get(path(written));
      expect(found.statusCode, written).toBe(200);
      expect(found.json().name).toBe('Amina B.');
    }
    const fixed = await api.post('/dashboard/customers', { phone: '021 23 45 67' });
    expect(fixed.json().phone).toBe('021234567');
  });

  it('answers 422 on an invalid phone, in the body or in the path, and 404 on an unknown one', async () => {
    const { api } = await ownerOfNewShop(app, database);
    const bad = await api.post('/dashboard/customers', { phone: '+33 6 12 34 56 78' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ phone: ['The phone number is not a valid Algerian number.'] });
    for (const suffix of ['', '/history', '/custom-fields']) {
      const response = await api.get(`${path('12345')}${suffix}`);
      expect(response.statusCode, suffix).toBe(422);
      expect(response.json().errors).toEqual({ phone: ['The phone number is not a valid Algerian number.'] });
    }
    expect((await api.post(`${path('0555')}/block`, { reason: 'x' })).statusCode).toBe(422);
    expect((await api.get(`${path('0699999999')}/history`)).statusCode).toBe(404);
  });

  it('lists with search by name or by any part of the number, blocked filter and paging', async () => {
    const { api } = await ownerOfNewShop(app, database);
    const people = [
      ['0555000001', 'Karim Z.'],
      ['0661000002', 'Sara K.'],
      ['0770000003', 'Yacine K.'],
      ['0555000004', 'أمينة بن علي'],
    ];
    for (const [phone, name] of people) await api.post('/dashboard/customers', { phone, name });
    const phones = async (query: string) =>
      ((await api.get(`/dashboard/customers?${query}`)).json().data as Array<{ phone: string }>).map((c) => c.phone);
    // Every word typed is the beginning of a word of the name, in any order (decision 0013).
    expect(await phones('search=k.')).toEqual(['0770000003', '0661000002', '0555000001']);
    expect(await phones('search=KARIM')).toEqual(['0555000001']);
    expect(await phones('search=k%20sar')).toEqual(['0661000002']);
    expect(await phones('search=ara')).toEqual([]);
    expect(await phones(`search=${encodeURIComponent('بن')}`)).toEqual(['0555000004']);
    expect(await phones('search=%25%21')).toEqual([]);
    expect(await phones(`search=${encodeURIComponent('+213 661 00 00 02')}`)).toEqual(['0661000002']);
    expect(await phones('search=0003')).toEqual(['0770000003']);
    expect(await phones('search=0555')).toEqual(['0555000004', '0555000001']);
    expect(await phones(`search=${encodeURIComponent('+213 66')}`)).toEqual(['0661000002']);
    const page = (await api.get('/dashboard/customers?per_page=10&page=1')).json();
    expect(page.total).toBe(4);
    await api.post(`${path('0661000002')}/block`, { reason: 'Refused 3 parcels' });
    expect(await phones('blocked=true')).toEqual(['0661000002']);
    expect(await phones('blocked=false')).toEqual(['0555000004', '0770000003', '0555000001']);
    // A renamed customer is found by the new name only.
    await api.put(path('0770000003'), { name: 'Walid Mansouri' });
    expect(await phones('search=yacine')).toEqual([]);
    expect(await phones('search=mans')).toEqual(['0770000003']);
  });

  it('blocks with a required reason, shows who blocked and when, and unblocks', async () => {
    const { api, tenant } = await ownerOfNewShop(app, database);
    await api.post('/dashboard/customers', { phone: '0555998877', name: 'Client' });
    const noReason = await api.post(`${path('0555998877')}/block`, { reason: '  ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors).toEqual({ reason: ['The reason field is required.'] });

    const blocked = await api.post(`${path('+213555998877')}/block`, { reason: 'Fake orders' });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({
      is_blocked: true,
      blocked_customer: { reason: 'Fake orders', blocked_by: 'Owner Test' },
    });
    expect(Date.parse(blocked.json().blocked_customer.created_at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await api.post(`${path('0555998877')}/block`, { reason: 'Again' })).statusCode).toBe(409);
    const history = (await api.get(`${path('0555998877')}/history`)).json();
    expect(history).toMatchObject({ is_blocked: true, blocked_customer: { reason: 'Fake orders' } });

    const unblocked = await api.post(`${path('0555998877')}/unblock`, { reason: 'Paid the last parcel' });
    expect(unblocked.json()).toMatchObject({ is_blocked: false, blocked_customer: null });
    expect((await api.post(`${path('0555998877')}/unblock`)).statusCode).toBe(409);
    const detail = (await api.get(path('0555998877'))).json();
    expect(detail.blocks).toMatchObject([
      {
        reason: 'Fake orders',
        blocked_by: 'Owner Test',
        unblocked_by: 'Owner Test',
        unblock_reason: 'Paid the last parcel',
      },
    ]);
    const audit = await withTenant(database.db, tenant.id, (tx) =>
      rows<{ action: string }>(tx, sql`select action from audit_log where entity = 'customer' order by id`),
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'block', 'unblock']);
  });

  it('answers the SPEC 3 summary and SPEC 7 custom fields (empty until orders exist)', async () => {
    const { api, tenant } = await ownerOfNewShop(app, database);
    // How the orders issue will create customers: by phone, never overwriting an edited name.
    await withTenant(database.db, tenant.id, async (tx) => {
      await upsertCustomerByPhone(tx, tenant.id, { phone: '0770123456', name: 'First name' });
      await upsertCustomerByPhone(tx, tenant.id, { phone: '0770123456', name: 'Other name' });
    });
    expect((await api.get(path('0770123456'))).json().name).toBe('First name');
    expect((await api.get(`${path('0770123456')}/history`)).json()).toEqual({
      total_orders: 0,
      total_spent: 0,
      successful_orders: 0,
      returned_orders: 0,
      orders: [],
      is_blocked: false,
      blocked_customer: null,
    });
    expect((await api.get(`${path('0770123456')}/custom-fields`)).json()).toEqual({ custom_fields: [] });
  });

  it('agents read customers and their history; only managers block', async () => {
    const { api, tenant } = await ownerOfNewShop(app, database);
    await api.post('/dashboard/customers', { phone: '0555111222' });
    const agent = await createTestUser(database, tenant, 'Support Agent');
    const asAgent = clientOf(app, (await loginAs(app, agent.email)).authorization);
    expect((await asAgent.get(`${path('0555111222')}/history`)).statusCode).toBe(200);
    expect((await asAgent.post(`${path('0555111222')}/block`, { reason: 'x' })).statusCode).toBe(403);
    const keeper = await createTestUser(database, tenant, 'Stock Keeper');
    const asKeeper = clientOf(app, (await loginAs(app, keeper.email)).authorization);
    expect((await asKeeper.get('/dashboard/customers')).statusCode).toBe(403);
  });
});
