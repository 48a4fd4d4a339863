import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKING_HOURS, MASKED, type TAuditLogEntry } from '@cod/shared';
import { withTenant } from '../../src/db/tenant-context.js';
import { recordAudit } from '../../src/modules/audit/audit.service.js';
import { clientOf } from '../orders/orders-support.js';
import { createTestTenant, createTestUser, loginAs, openTestApp } from '../support/test-db.js';

// Issue 18.6: the audit log screen's API (docs/decisions/0061).
const { app, database } = await openTestApp();

async function shop() {
  const tenant = await createTestTenant(database);
  const owner = clientOf(app, (await loginAs(app, tenant.ownerEmail)).authorization);
  return { tenant, owner };
}

const entries = async (api: ReturnType<typeof clientOf>, query = '') => {
  const response = await api.get(`/dashboard/audit-log${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: TAuditLogEntry[]; total: number };
};

describe('audit log', () => {
  it('lists who did what, newest first, with before and after, filtered by user and entity', async () => {
    const { tenant, owner } = await shop();
    const manager = await createTestUser(database, tenant, 'Manager', { name: 'Karim Manager' });
    const managerApi = clientOf(app, (await loginAs(app, manager.email)).authorization);
    await owner.put('/dashboard/shop-settings', {
      shop_name: 'Boutique Lina',
      time_zone: 'Africa/Algiers',
      working_hours: DEFAULT_WORKING_HOURS,
      low_stock_threshold: 7,
    });
    await managerApi.put('/profile', { name: 'Karim B.', phone: '', locale: 'fr' });
    await owner.post(`/dashboard/users/${manager.id}/deactivate`);

    const all = await entries(owner);
    // The shop's creation is its first entry.
    expect(all.total).toBe(4);
    expect(all.data.map((e) => [e.action, e.entity, e.user?.name])).toEqual([
      ['deactivate_user', 'user', 'Owner Test'],
      ['update_profile', 'user', 'Karim B.'],
      ['update', 'settings', 'Owner Test'],
      ['create', 'tenant', undefined],
    ]);
    expect(all.data[1]!.changes).toEqual({
      before: { name: 'Karim Manager', locale: 'en' },
      after: { name: 'Karim B.', locale: 'fr' },
    });
    expect(all.data[2]!.changes).toMatchObject({
      before: { low_stock_threshold: 5 },
      after: { low_stock_threshold: 7 },
    });

    const byManager = await entries(owner, `?user_id=${manager.id}`);
    expect(byManager.data.map((e) => e.action)).toEqual(['update_profile']);
    const settings = await entries(owner, '?entity=settings');
    expect(settings.data.map((e) => e.action)).toEqual(['update']);

    const filters = (await owner.get('/dashboard/audit-log/filters')).json();
    expect(filters.entities).toEqual(['settings', 'tenant', 'user']);
    expect(filters.users.map((u: { name: string }) => u.name).sort()).toEqual(['Karim B.', 'Owner Test']);
  });

  it("filters by the shop's days and pages", async () => {
    const { tenant, owner } = await shop();
    await withTenant(database.db, tenant.id, async (tx) => {
      for (let i = 0; i < 30; i++) {
        await recordAudit(tx, {
          tenantId: tenant.id,
          userId: tenant.ownerId,
          action: 'update',
          entity: 'order',
          entityId: i,
        });
      }
      // 23:30 on 1 March in Algiers (UTC+1) is still 1 March there, 22:30 UTC.
      await tx.execute(sql`update audit_log set created_at = '2026-03-01 22:30:00+00' where entity_id = '0'`);
      await tx.execute(sql`update audit_log set created_at = '2026-03-01 23:30:00+00' where entity_id = '1'`);
    });
    const page2 = await entries(owner, '?per_page=10&page=2');
    expect(page2.total).toBe(31); // and the shop's creation
    expect(page2.data).toHaveLength(10);
    const march1 = await entries(owner, '?date_from=2026-03-01&date_to=2026-03-01');
    expect(march1.data.map((e) => e.entity_id)).toEqual(['0']);
    const march2 = await entries(owner, '?date_from=2026-03-02&date_to=2026-03-02');
    expect(march2.data.map((e) => e.entity_id)).toEqual(['1']);

    const refused = await owner.get('/dashboard/audit-log?date_from=2026-03-05&date_to=2026-03-01&per_page=7');
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors).sort()).toEqual(['date_to', 'per_page']);
  });

  it('masks secrets at any depth, whatever wrote them, in the list and the CSV', async () => {
    const { tenant, owner } = await shop();
    await withTenant(database.db, tenant.id, (tx) =>
      recordAudit(tx, {
        tenantId: tenant.id,
        userId: tenant.ownerId,
        action: 'update',
        entity: 'shipping_company',
        entityId: 3,
        changes: {
          before: { credentials: { api_id: 'ID-1', api_token: 'tok-SECRET-1' }, name: 'Yalidine' },
          after: { api_key: 'key-SECRET-2', password: 'pw-SECRET-3', name: 'Yalidine Express' },
          credential_fields_changed: ['api_token'],
        },
      }),
    );
    const [entry] = (await entries(owner, '?entity=shipping_company')).data;
    expect(entry!.changes).toEqual({
      before: { credentials: MASKED, name: 'Yalidine' },
      after: { api_key: MASKED, password: MASKED, name: 'Yalidine Express' },
      credential_fields_changed: ['api_token'],
    });

    const csv = await owner.get('/dashboard/audit-log/export?entity=shipping_company');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="audit_log_export_\d{14}\.csv"$/);
    expect(csv.body).not.toMatch(/SECRET/);
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('date,user,action,entity,entity_id,ip,changes');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},Owner Test,update,shipping_company,3,,"\{/);
  });

  it("shows only the shop's own entries, and is the owner's", async () => {
    const a = await shop();
    const b = await shop();
    await b.owner.put('/profile', { name: 'Other Owner', locale: 'en' });
    const own = await entries(a.owner);
    expect(own.data.map((e) => [e.action, e.entity])).toEqual([['create', 'tenant']]);
    const agent = await createTestUser(database, a.tenant, 'Support Agent');
    const manager = await createTestUser(database, a.tenant, 'Manager');
    for (const user of [agent, manager]) {
      const api = clientOf(app, (await loginAs(app, user.email)).authorization);
      expect((await api.get('/dashboard/audit-log')).statusCode).toBe(403);
      expect((await api.get('/dashboard/audit-log/export')).statusCode).toBe(403);
    }
  });
});
