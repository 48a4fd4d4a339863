import { describe, expect, it } from 'vitest';
import { openTestApp } from '../support/test-db.js';
import { agentOf, createOrder, orderBody, shopWithCatalogue } from '../orders/orders-support.js';

const { app, database } = await openTestApp();

describe('WhatsApp templates (issue 15.4)', () => {
  it('the owner writes templates in en/fr/ar; bad input is a 422 per field; agents read but cannot write', async () => {
    const shop = await shopWithCatalogue(app, database);
    const created = await shop.api.post('/dashboard/whatsapp-templates', {
      name: 'Confirmation',
      locale: 'ar',
      body: 'مرحبا {customer_name}، طلبك رقم {order_number} بمبلغ {total}',
    });
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json() as { id: number };
    const bad = await shop.api.post('/dashboard/whatsapp-templates', { name: '', locale: 'de', body: 'Hi {custmer}' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['body', 'locale', 'name']);
    expect(bad.json().errors.body[0]).toBe('Unknown placeholder: custmer.');
    const edited = await shop.api.put(`/dashboard/whatsapp-templates/${template.id}`, {
      name: 'Confirmation FR',
      locale: 'fr',
      body: 'Bonjour {customer_name}, total {total}',
    });
    expect(edited.json()).toMatchObject({ name: 'Confirmation FR', locale: 'fr' });

    const agent = await agentOf(app, database, shop);
    const list = await agent.api.get('/dashboard/whatsapp-templates');
    expect(list.statusCode).toBe(200);
    expect((list.json() as { data: Array<{ id: number }> }).data.map((t) => t.id)).toEqual([template.id]);
    expect(
      (await agent.api.post('/dashboard/whatsapp-templates', { name: 'x', locale: 'en', body: 'y' })).statusCode,
    ).toBe(403);
    expect((await shop.api.delete(`/dashboard/whatsapp-templates/${template.id}`)).statusCode).toBe(204);
    expect((await shop.api.delete(`/dashboard/whatsapp-templates/${template.id}`)).statusCode).toBe(404);
  });

  it("logs each use as an attempt 'whatsapp' on the order; another's order is a 404", async () => {
    const shop = await shopWithCatalogue(app, database);
    const other = await shopWithCatalogue(app, database);
    const template = (
      await shop.api.post('/dashboard/whatsapp-templates', {
        name: 'Suivi',
        locale: 'fr',
        body: 'Suivi {tracking_number}',
      })
    ).json() as { id: number };
    const agent = await agentOf(app, database, shop);
    const mine = await createOrder(shop.api, orderBody(shop, { agent_id: agent.id }));
    const notMine = await createOrder(shop.api, orderBody(shop));
    const foreign = await createOrder(other.api, orderBody(other));

    const used = await agent.api.post(`/dashboard/orders/${mine.id}/whatsapp`, { template_id: template.id });
    expect(used.statusCode, used.body).toBe(201);
    expect((await agent.api.post(`/dashboard/orders/${mine.id}/whatsapp`, {})).statusCode).toBe(201);
    const card = (await agent.api.get(`/dashboard/orders/${mine.id}/call-card`)).json() as {
      attempts: Array<{ outcome: string; note: string | null }>;
    };
    expect(
      card.attempts
        .filter((a) => a.outcome === 'whatsapp')
        .map((a) => a.note)
        .sort(),
    ).toEqual(['WhatsApp', 'WhatsApp: Suivi']);
    expect((await agent.api.post(`/dashboard/orders/${notMine.id}/whatsapp`, {})).statusCode).toBe(404);
    expect((await shop.api.post(`/dashboard/orders/${foreign.id}/whatsapp`, {})).statusCode).toBe(404);
    expect((await shop.api.post(`/dashboard/orders/${mine.id}/whatsapp`, { template_id: 999999 })).statusCode).toBe(
      404,
    );
  });

  it('refuses a body it does not understand with a 422 per field, and logs no attempt', async () => {
    const shop = await shopWithCatalogue(app, database);
    const order = await createOrder(shop.api, orderBody(shop));
    const attempts = async () =>
      ((await shop.api.get(`/dashboard/orders/${order.id}/call-card`)).json() as { attempts: unknown[] }).attempts
        .length;
    const bad: Array<[unknown, string, string]> = [
      [{ template_id: true }, 'template_id', 'whatsapp.template_invalid'],
      [{ template_id: [3] }, 'template_id', 'whatsapp.template_invalid'],
      [{ template_id: 'abc' }, 'template_id', 'whatsapp.template_invalid'],
      [{ template_id: 1.5 }, 'template_id', 'whatsapp.template_invalid'],
      [{ template_id: -2 }, 'template_id', 'whatsapp.template_invalid'],
      [{ outcome: 'confirmed' }, 'outcome', 'validation.field_unknown'],
      [{ note: 'sent from elsewhere' }, 'note', 'validation.field_unknown'],
    ];
    for (const [payload, field, code] of bad) {
      const refused = await shop.api.post(`/dashboard/orders/${order.id}/whatsapp`, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(422);
      const body = refused.json() as { error_codes: Record<string, Array<{ code: string }>> };
      expect(Object.keys(body.error_codes), JSON.stringify(payload)).toEqual([field]);
      expect(body.error_codes[field]![0]!.code, JSON.stringify(payload)).toBe(code);
    }
    const notObject = await app.inject({
      method: 'POST',
      url: `/dashboard/orders/${order.id}/whatsapp`,
      headers: { authorization: shop.authorization, 'content-type': 'application/json' },
      payload: JSON.stringify([1, 2]),
    });
    expect(notObject.statusCode).toBe(422);
    expect(await attempts()).toBe(0);
    // What the web sends is still a use: no template, or a template id.
    expect((await shop.api.post(`/dashboard/orders/${order.id}/whatsapp`, { template_id: null })).statusCode).toBe(201);
    expect(await attempts()).toBe(1);
  });
});
