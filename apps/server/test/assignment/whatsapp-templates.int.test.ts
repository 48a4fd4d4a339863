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
});
