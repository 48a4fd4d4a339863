import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tabsOfOrder, type TOrderRow } from '@cod/shared';
import { withTenant } from '../../src/db/tenant-context.js';
import { withTenantEvents } from '../../src/lib/domain-events.js';
import { inspectPdf, readingText } from '../documents/support/pdf-inspect.js';
import { connect, record } from '../realtime/support/sockets.js';
import { createTestUser, loginAs } from '../support/test-db.js';
import { openListeningApp } from '../support/listening-app.js';
import {
  clientOf,
  createOrder,
  freshPhone,
  orderBody,
  shopWithCatalogue,
  type TClient,
  type TShop,
} from './orders-support.js';

// docs/decisions/0040 (issue part 6): one order scope wherever an order shows. Two Support Agents
// share a customer; each must see only the order assigned to them, on every screen and file,
// while the owner and a manager see both. Runs on PGlite and on PostgreSQL.
const { app, database, baseUrl, sockets } = await openListeningApp();

interface TUser {
  id: number;
  email: string;
  api: TClient;
  authorization: string;
}

let shop: TShop;
let agentA: TUser;
let agentB: TUser;
let manager: TUser;
let phone: string;
let mine: TOrderRow; // assigned to agent A
let theirs: TOrderRow; // assigned to agent B

async function userOf(role: 'Support Agent' | 'Manager', name: string): Promise<TUser> {
  const user = await createTestUser(database, shop.tenant, role, { name });
  const { authorization } = await loginAs(app, user.email);
  return { id: user.id, email: user.email, api: clientOf(app, authorization), authorization };
}

/** Agents print and export here (not a default of the role): the scope, not the permission, is under test. */
async function grantToAgents(permission: string) {
  const t = shop.tenant.id;
  await withTenant(database.db, t, (tx) =>
    tx.execute(
      sql`insert into role_permissions (tenant_id, role_id, permission_id)
          select ${t}, ${shop.tenant.roleIds.get('Support Agent')!}, p.id from permissions p
          where p.tenant_id = ${t} and p.name = ${permission} on conflict do nothing`,
    ),
  );
}

const penOrder = (agentId: number, name: string, gravure: string) =>
  orderBody(shop, {
    customer_phone_1: phone,
    customer_full_name: name,
    agent_id: agentId,
    products: [{ product_id: shop.pen.id, quantity: 1 }],
    customer_custom_fields: [{ product_id: shop.pen.id, field_values: { Gravure: gravure } }],
  });

beforeAll(async () => {
  shop = await shopWithCatalogue(app, database);
  agentA = await userOf('Support Agent', 'Agent Amina');
  agentB = await userOf('Support Agent', 'Agent Bilal');
  manager = await userOf('Manager', 'Manager Meriem');
  await grantToAgents('export orders');
  phone = freshPhone();
  mine = await createOrder(shop.api, penOrder(agentA.id, 'Yacine Mine', 'MINE'));
  theirs = await createOrder(shop.api, penOrder(agentB.id, 'Walid Theirs', 'THEIRS'));
});

const ids = (list: Array<{ id: number }>) => list.map((o) => o.id).sort((a, b) => a - b);
const both = () => [mine.id, theirs.id].sort((a, b) => a - b);

/**
 * What a view of the shared customer shows (`read`: its orders and its count): each listed agent
 * sees their one order only, the owner and the manager see both.
 */
async function expectAgentsOwnOthersBoth(
  read: (api: TClient) => Promise<{ orders: Array<{ id: number }>; count: number }>,
  agentsSee: Array<[TClient, number]>,
) {
  for (const [api, own] of agentsSee) {
    const seen = await read(api);
    expect(ids(seen.orders)).toEqual([own]);
    expect(seen.count).toBe(1);
  }
  for (const api of [shop.api, manager.api]) {
    const all = await read(api);
    expect(ids(all.orders)).toEqual(both());
    expect(all.count).toBe(2);
  }
}

describe('the order scope wherever an order shows (docs/decisions/0040)', () => {
  it('is the by-id rule: the other agent’s order answers 404', async () => {
    expect((await agentA.api.get(`/dashboard/orders/${mine.id}`)).statusCode).toBe(200);
    expect((await agentA.api.get(`/dashboard/orders/${theirs.id}`)).statusCode).toBe(404);
  });

  it('customer history: an agent’s summary and list hold only their orders; owner and manager see all', async () => {
    const history = async (api: TClient) => {
      const answer = (await api.get(`/dashboard/customers/${phone}/history`)).json();
      return { orders: answer.orders, count: answer.total_orders };
    };
    await expectAgentsOwnOthersBoth(history, [
      [agentA.api, mine.id],
      [agentB.api, theirs.id],
    ]);
  });

  it('customer custom fields: the pre-filled answers come only from orders the user may see', async () => {
    const gravure = async (api: TClient) =>
      (
        (await api.get(`/dashboard/customers/${phone}/custom-fields`)).json().custom_fields as Array<{
          field_values: { Gravure?: string };
        }>
      ).map((f) => f.field_values.Gravure);
    expect(await gravure(agentA.api)).toEqual(['MINE']);
    expect(await gravure(agentB.api)).toEqual(['THEIRS']);
    // The owner gets the latest answer of the shop.
    expect(await gravure(shop.api)).toEqual(['THEIRS']);
  });

  it('phone check: counts and duplicates are the agent’s own; owner and manager see both', async () => {
    const check = async (api: TClient) => {
      const answer = (await api.get(`/dashboard/orders/phone-check?phone=${encodeURIComponent(phone)}`)).json();
      return { orders: answer.duplicates, count: answer.previous_orders_count };
    };
    await expectAgentsOwnOthersBoth(check, [[agentA.api, mine.id]]);
  });

  it('search: by phone, by name and by number, an agent finds only their own orders', async () => {
    const search = async (api: TClient, term: string) =>
      (await api.get(`/dashboard/orders?tab=all&search=${encodeURIComponent(term)}`)).json();
    for (const term of [phone, 'Walid', `#${theirs.order_number}`]) {
      const found = await search(agentA.api, term);
      expect(found.data.map((o: { id: number }) => o.id)).not.toContain(theirs.id);
      expect(found.counts.all).toBe(term === phone ? 1 : 0);
    }
    expect(ids((await search(agentA.api, phone)).data)).toEqual([mine.id]);
    expect(ids((await search(manager.api, phone)).data)).toEqual(both());
    expect(ids((await search(shop.api, 'Walid')).data)).toEqual([theirs.id]);
  });

  it('XLSX export: an agent’s file holds only their orders, whatever ids are asked', async () => {
    const exported = async (authorization: string) => {
      const response = await app.inject({
        method: 'POST',
        url: '/dashboard/orders/export-xlsx',
        headers: { authorization },
        payload: { order_ids: [mine.id, theirs.id] },
      });
      expect(response.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
      const names: string[] = [];
      workbook.worksheets[0]!.eachRow((row, n) => {
        if (n > 1) names.push(String(row.getCell(4).value));
      });
      return names.sort();
    };
    expect(await exported(agentA.authorization)).toEqual(['Yacine Mine']);
    expect(await exported(agentB.authorization)).toEqual(['Walid Theirs']);
    expect(await exported(shop.authorization)).toEqual(['Walid Theirs', 'Yacine Mine']);
  });

  it('printed list (PDF): an agent’s link prints only their orders', async () => {
    const printed = async (api: TClient) => {
      const { url } = (
        await api.post('/dashboard/orderspdf/link', { order_ids: [mine.id, theirs.id], locale: 'en' })
      ).json();
      const pdf = await app.inject({ method: 'GET', url });
      expect(pdf.statusCode).toBe(200);
      return inspectPdf(pdf.rawPayload).runs.map(readingText).join(' ');
    };
    const asA = await printed(agentA.api);
    expect(asA).toContain('Yacine');
    expect(asA).not.toContain('Walid');
    const asManager = await printed(manager.api);
    expect(asManager).toContain('Yacine');
    expect(asManager).toContain('Walid');
  });

  it('live events: the agent an order is taken from is told to drop it, without its row', async () => {
    const listen = async (user: TUser) => {
      const { token } = await loginAs(app, user.email);
      const socket = await connect(baseUrl, token);
      sockets.push(socket);
      return record(socket);
    };
    const fromB = await listen(agentB);
    const toA = await listen(agentA);
    const moved = await createOrder(shop.api, penOrder(agentB.id, 'Karima Moved', 'MOVED'));
    const assigned = await shop.api.post('/dashboard/orders/assign-agent', {
      agent_id: agentA.id,
      order_ids: [moved.id],
    });
    expect(assigned.statusCode).toBe(200);
    // A marker after the action: events of one process reach a socket in order.
    const marker = `settled-${Math.random()}`;
    await withTenantEvents(database.db, shop.tenant.id, async (_tx, events) => {
      for (const id of [agentA.id, agentB.id]) {
        events.emit({ type: 'Notification', tenantId: shop.tenant.id, userId: id, payload: { marker } });
      }
    });
    const arrived = (log: ReturnType<typeof record>) =>
      log.events.some((e) => (e.payload as { marker?: string }).marker === marker);
    await expect.poll(() => arrived(fromB) && arrived(toA), { timeout: 5000 }).toBe(true);

    const orderEvents = (log: ReturnType<typeof record>) =>
      log.events.filter((e) => e.event === 'OrderStatusUpdated').map((e) => e.payload as Record<string, unknown>);
    const lost = orderEvents(fromB).filter((p) => p.change === 'assigned');
    expect(lost).toEqual([
      {
        change: 'assigned',
        order_id: moved.id,
        agent_id_before: agentB.id,
        tabs_before: tabsOfOrder(moved.latest_status!.status.type, false),
      },
    ]);
    // The new agent gets the row, and the assignment notification.
    const gained = orderEvents(toA).filter((p) => p.change === 'assigned');
    expect((gained[0]?.order as { id: number; customer_full_name: string }).customer_full_name).toBe('Karima Moved');
    expect(
      toA.events.some((e) => e.event === 'Notification' && (e.payload as { kind?: string }).kind === 'order_assigned'),
    ).toBe(true);
  });
});
