import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../src/db/client.js';
import { withTenant } from '../../src/db/tenant-context.js';
import { openTestApp } from '../support/test-db.js';
import { createOrder, orderBody, shopWithCatalogue, type TShop } from '../orders/orders-support.js';

const { app, database } = await openTestApp();

/** A pending status the shop adds itself (one it may remove again). */
async function shopStatus(shop: TShop, displayName: string) {
  return (
    await shop.api.post('/dashboard/statuses', { type: 'pending', display_name: displayName, color: '#FF9F43' })
  ).json();
}

/** `count` new orders, the i-th moved into status `statusOf(i)` when it names one (each move accepted); their ids. */
async function newOrdersIn(shop: TShop, count: number, statusOf: (i: number) => number | null) {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const order = await createOrder(shop.api, orderBody(shop));
    const status = statusOf(i);
    if (status !== null) {
      expect((await shop.api.patch(`/dashboard/orders/${order.id}/status`, { status })).statusCode).toBe(200);
    }
    ids.push(order.id);
  }
  return ids;
}

type TStatusRow = { id: number; name: string; type: string; is_system: boolean; active: boolean; names: object };

describe('statuses editor (issue 18.3)', () => {
  it('adds a status inside a type with names in three languages, and lists it', async () => {
    const shop = await shopWithCatalogue(app, database);
    const created = await shop.api.post('/dashboard/statuses', {
      type: 'pending',
      display_name: 'No answer 2',
      names: { en: 'No answer 2', fr: 'Pas de réponse 2', ar: 'لا رد 2' },
      color: '#FF9F43',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ type: 'pending', name: 'no_answer_2', active: true, is_system: false });
    const list = (await shop.api.get('/dashboard/statuses')).json().data as TStatusRow[];
    expect(list.find((s) => s.id === created.json().id)?.names).toEqual({
      en: 'No answer 2',
      fr: 'Pas de réponse 2',
      ar: 'لا رد 2',
    });
    // The same display name again gets its own technical name.
    const again = await shop.api.post('/dashboard/statuses', {
      type: 'pending',
      display_name: 'No answer 2',
      color: '#FF9F43',
    });
    expect(again.json().name).toBe('no_answer_2_2');
    const bad = await shop.api.post('/dashboard/statuses', { type: 'nope', display_name: '', color: 'red' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['color', 'display_name', 'type']);
  });

  it("keeps each type's system status: not removed, not deactivated", async () => {
    const shop = await shopWithCatalogue(app, database);
    const list = (await shop.api.get('/dashboard/statuses')).json().data as TStatusRow[];
    expect(
      list
        .filter((s) => s.is_system)
        .map((s) => s.type)
        .sort(),
    ).toHaveLength(9);
    const system = list.find((s) => s.name === 'no_answer')!;
    expect(system.is_system).toBe(true);
    const removed = await shop.api.delete(`/dashboard/statuses/${system.id}`);
    expect(removed.statusCode).toBe(422);
    expect(removed.json().code).toBe('team.status_system_locked');
    const off = await shop.api.put(`/dashboard/statuses/${system.id}`, { active: false });
    expect(off.statusCode).toBe(422);
    const renamed = await shop.api.put(`/dashboard/statuses/${system.id}`, { names: { fr: 'Injoignable' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().names).toEqual({ fr: 'Injoignable' });
  });

  it('asks for a replacement of the same type before removing a used status, then moves its orders and history', async () => {
    const shop = await shopWithCatalogue(app, database);
    const extra = await shopStatus(shop, 'No answer 2');
    const orders = await newOrdersIn(shop, 3, () => extra.id);
    const asked = await shop.api.delete(`/dashboard/statuses/${extra.id}`);
    expect(asked.statusCode).toBe(422);
    expect(asked.json().error_codes.replacement_id[0]).toEqual({
      code: 'team.status_replacement_required',
      params: { count: 3 },
    });
    const otherType = await shop.api.delete(`/dashboard/statuses/${extra.id}?replacement_id=${shop.status.confirmed}`);
    expect(otherType.statusCode).toBe(422);
    const done = await shop.api.delete(`/dashboard/statuses/${extra.id}?replacement_id=${shop.status.no_answer}`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ orders_moved: 3 });
    const moved = await withTenant(database.db, shop.tenant.id, (tx) =>
      rows<{ status_id: number }>(tx, sql`select status_id from orders where id in (${sql.join(orders, sql`, `)})`),
    );
    expect(moved.map((o) => o.status_id)).toEqual([
      shop.status.no_answer,
      shop.status.no_answer,
      shop.status.no_answer,
    ]);
    const list = (await shop.api.get('/dashboard/statuses')).json().data as TStatusRow[];
    expect(list.map((s) => s.id)).not.toContain(extra.id);
    const audit = await withTenant(database.db, shop.tenant.id, (tx) =>
      rows<{ action: string }>(
        tx,
        sql`select action from audit_log where entity = 'status' and entity_id = ${String(extra.id)} order by id`,
      ),
    );
    expect(audit.map((a) => a.action)).toEqual(['create', 'delete']);
  });

  it('refuses a change to a removed or inactive status with a message code (422)', async () => {
    const shop = await shopWithCatalogue(app, database);
    const order = await createOrder(shop.api, orderBody(shop));
    const extra = await shopStatus(shop, 'No answer 4');
    expect((await shop.api.put(`/dashboard/statuses/${extra.id}`, { active: false })).statusCode).toBe(200);
    const inactive = await shop.api.patch(`/dashboard/orders/${order.id}/status`, { status: extra.id });
    expect(inactive.statusCode, inactive.body).toBe(422);
    expect(inactive.json().error_codes.status[0]).toEqual({
      code: 'order.status_inactive',
      params: { status: 'No answer 4' },
    });
    const bulk = await shop.api.post('/dashboard/orders/bulk-status-update', {
      order_ids: [order.id],
      status: extra.id,
    });
    expect(bulk.statusCode).toBe(422);
    expect(bulk.json().error_codes.status[0].code).toBe('order.status_inactive');
    expect((await shop.api.delete(`/dashboard/statuses/${extra.id}`)).statusCode).toBe(200);
    const removed = await shop.api.patch(`/dashboard/orders/${order.id}/status`, { status: extra.id });
    expect(removed.statusCode).toBe(422);
    expect(removed.json().error_codes.status[0].code).toBe('validation.selected_invalid');
    const [row] = await withTenant(database.db, shop.tenant.id, (tx) =>
      rows<{ status_id: number }>(tx, sql`select status_id from orders where id = ${order.id}`),
    );
    expect(row!.status_id).not.toBe(extra.id);
  });

  it('leaves no order without a status when the removal races 20 status changes', async () => {
    const shop = await shopWithCatalogue(app, database);
    const extra = await shopStatus(shop, 'No answer 3');
    const ids = await newOrdersIn(shop, 20, (i) => (i % 2 === 0 ? extra.id : null));
    // Half the changes put orders into the status being removed, half move them elsewhere.
    const targets = [extra.id, shop.status.no_answer, shop.status.call_back, shop.status.confirmed];
    const changes = ids.map((id, i) => shop.api.patch(`/dashboard/orders/${id}/status`, { status: targets[i % 4] }));
    const removal = shop.api.delete(`/dashboard/statuses/${extra.id}?replacement_id=${shop.status.no_answer}`);
    const [removed, ...answers] = await Promise.all([removal, ...changes]);
    expect(removed.statusCode, removed.body).toBe(200);
    // A change that lost the race to the removal is refused with a message code, never a 500
    // (foreign-key failure): the removal locks the status first, a change reads it FOR SHARE.
    for (const answer of answers) {
      expect([200, 422], answer.body).toContain(answer.statusCode);
      if (answer.statusCode === 422)
        expect(answer.json().error_codes.status[0].code).toBe('validation.selected_invalid');
    }
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(15);
    const left = await withTenant(database.db, shop.tenant.id, (tx) =>
      rows<{ id: number; status_id: number | null; exists: boolean }>(
        tx,
        sql`select o.id, o.status_id, exists(select 1 from statuses s where s.tenant_id = o.tenant_id and s.id = o.status_id) as exists
            from orders o where o.tenant_id = ${shop.tenant.id}`,
      ),
    );
    expect(left).toHaveLength(20);
    expect(left.filter((o) => o.status_id === null || !o.exists || o.status_id === extra.id)).toEqual([]);
  });
});
