import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TParcelTicketsResponse } from '@cod/shared';
import { withTenant } from '../../src/db/tenant-context.js';
import { inspectPdf, readingText } from '../documents/support/pdf-inspect.js';
import { clientOf, createOrder, orderBody, type TClient, type TShop } from '../orders/orders-support.js';
import { addCompany, dispatchOrders, openShippingWorld, readyOrders } from '../shipping/shipping-support.js';
import { shopWithCompany, type TShippingShop } from '../shipping/shipping-support.js';
import { createTestUser, loginAs, type TTestTenant } from '../support/test-db.js';

// docs/decisions/0040 (issue part 7, links): every link a new tab opens without the bearer header
// (the printed orders list, parcel tickets) is spent by its first use, dies with the session that
// made it, acts for its user as they stand when it is used, and never leaves its shop. Runs on
// PGlite and on PostgreSQL.
const world = await openShippingWorld();
const { app, database } = world;

interface TSession {
  api: TClient;
  authorization: string;
}

async function signIn(email: string): Promise<TSession> {
  const { authorization } = await loginAs(app, email);
  return { api: clientOf(app, authorization), authorization };
}

const logout = async (session: TSession) => {
  const response = await app.inject({
    method: 'POST',
    url: '/logout',
    headers: { authorization: session.authorization },
  });
  expect(response.statusCode).toBeLessThan(300);
};

const open = (url: string, method: 'GET' | 'HEAD' = 'GET') => app.inject({ method, url });

async function pdfLink(session: TSession, orderIds: number[]): Promise<string> {
  const response = await session.api.post('/dashboard/orderspdf/link', { order_ids: orderIds, locale: 'en' });
  expect(response.statusCode).toBe(200);
  return response.json().url as string;
}

const printed = (body: Buffer) => inspectPdf(body).runs.map(readingText).join(' ');

async function setRolePermission(tenant: TTestTenant, role: 'Support Agent', permission: string, on: boolean) {
  const roleId = tenant.roleIds.get(role)!;
  await withTenant(database.db, tenant.id, (tx) =>
    tx.execute(
      on
        ? sql`insert into role_permissions (tenant_id, role_id, permission_id)
              select ${tenant.id}, ${roleId}, p.id from permissions p where p.tenant_id = ${tenant.id} and p.name = ${permission}
              on conflict do nothing`
        : sql`delete from role_permissions rp using permissions p
              where rp.tenant_id = ${tenant.id} and rp.role_id = ${roleId} and p.tenant_id = rp.tenant_id
                and p.id = rp.permission_id and p.name = ${permission}`,
    ),
  );
}

describe('the printed orders list link (GET /dashboard/orderspdf)', () => {
  let shop: TShop;
  let owner: TSession;
  let ids: number[];

  beforeAll(async () => {
    shop = await shopWithCompany(world);
    owner = { api: shop.api, authorization: shop.authorization };
    ids = [
      (await createOrder(shop.api, orderBody(shop, { customer_full_name: 'Nadia Printed' }))).id,
      (await createOrder(shop.api, orderBody(shop, { customer_full_name: 'Omar Printed' }))).id,
    ];
  });

  it('works once: a second use is refused', async () => {
    const url = await pdfLink(owner, ids);
    const first = await open(url);
    expect(first.statusCode).toBe(200);
    expect(printed(first.rawPayload)).toContain('Nadia');
    expect(first.headers['accept-ranges']).toBe('none');
    expect((await open(url)).statusCode).toBe(401);
  });

  it('two uses at once: exactly one gets the PDF', async () => {
    const url = await pdfLink(owner, ids);
    const answers = await Promise.all([open(url), open(url), open(url)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it('is refused once the session that made it logged out, even unused', async () => {
    const session = await signIn(shop.tenant.ownerEmail);
    const url = await pdfLink(session, ids);
    await logout(session);
    expect((await open(url)).statusCode).toBe(401);
  });

  it('belongs to its own session: another session of the same user logging out leaves it working', async () => {
    const here = await signIn(shop.tenant.ownerEmail);
    const elsewhere = await signIn(shop.tenant.ownerEmail);
    const url = await pdfLink(here, ids);
    await logout(elsewhere);
    expect((await open(url)).statusCode).toBe(200);
  });

  it('is refused after its minute', async () => {
    const url = await pdfLink(owner, ids);
    await withTenant(database.db, shop.tenant.id, (tx) =>
      tx.execute(sql`update download_links set expires_at = now() - interval '1 second' where used_at is null`),
    );
    expect((await open(url)).statusCode).toBe(401);
  });

  it('a HEAD does not spend it', async () => {
    const url = await pdfLink(owner, ids);
    const head = await open(url, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('application/pdf');
    expect((await open(url)).statusCode).toBe(200);
    expect((await open(url, 'HEAD')).statusCode).toBe(401);
    expect((await open(url)).statusCode).toBe(401);
  });

  it('acts for its user as they stand when used: deactivated, or without the permission, it is refused', async () => {
    const agent = await createTestUser(database, shop.tenant, 'Support Agent');
    await setRolePermission(shop.tenant, 'Support Agent', 'export orders', true);
    const session = await signIn(agent.email);
    const revoked = await pdfLink(session, ids);
    await setRolePermission(shop.tenant, 'Support Agent', 'export orders', false);
    expect((await open(revoked)).statusCode).toBe(401);

    await setRolePermission(shop.tenant, 'Support Agent', 'export orders', true);
    const deactivated = await pdfLink(session, ids);
    await withTenant(database.db, shop.tenant.id, (tx) =>
      tx.execute(sql`update users set active = false where id = ${agent.id}`),
    );
    expect((await open(deactivated)).statusCode).toBe(401);
    await setRolePermission(shop.tenant, 'Support Agent', 'export orders', false);
  });

  it("stays in its shop: another shop's link prints none of these orders, and the URL's ids change nothing", async () => {
    const other = await shopWithCompany(world);
    const foreign = await pdfLink({ api: other.api, authorization: other.authorization }, ids);
    const answer = await open(foreign);
    expect(answer.statusCode).toBe(200);
    expect(printed(answer.rawPayload)).not.toContain('Nadia');

    // The printed ids are the link's: rewriting the query asks for nothing else.
    const own = await pdfLink(owner, [ids[0]!]);
    const rewritten = own.replace(/order_ids\[\]=\d+/, `order_ids[]=${ids[1]!}`);
    const text = printed((await open(rewritten)).rawPayload);
    expect(text).toContain('Nadia');
    expect(text).not.toContain('Omar');
  });
});

describe('parcel ticket links (GET /dashboard/orders/parcel-tickets/:key)', () => {
  let shop: TShippingShop;
  let manual: number;

  beforeAll(async () => {
    shop = await shopWithCompany(world);
    manual = await addCompany(world, shop.api, { kind: 'manual', code: 'own-drivers', name: 'Own drivers' });
  });

  async function dispatchedOrders(count: number, overrides: Record<string, unknown> = {}) {
    const orders = await readyOrders(shop, count, overrides);
    const body = await dispatchOrders(
      shop,
      manual,
      orders.map((o) => o.id),
    );
    expect(body.dispatch_errors).toEqual([]);
    return orders.map((o) => o.id);
  }

  async function tickets(session: TSession, orderIds: number[]) {
    const response = await session.api.post('/dashboard/orders/view-parcel-tickets', { order_ids: orderIds });
    expect(response.statusCode).toBe(200);
    return response.json() as TParcelTicketsResponse;
  }

  it('works once: a second use is refused, and a HEAD spends nothing', async () => {
    const [id] = await dispatchedOrders(1);
    const answer = await tickets({ api: shop.api, authorization: shop.authorization }, [id!]);
    const url = answer.results[0]!.parcel_ticket_url;
    expect((await open(url, 'HEAD')).statusCode).toBe(200);
    const pdf = await open(url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await open(url)).statusCode).toBe(404);
    expect((await open(url, 'HEAD')).statusCode).toBe(404);
  });

  it('is refused once the session that made it logged out', async () => {
    const ids = await dispatchedOrders(2);
    const session = await signIn(shop.tenant.ownerEmail);
    const answer = await tickets(session, ids);
    expect(answer.results).toHaveLength(2);
    expect((await open(answer.results[0]!.parcel_ticket_url)).statusCode).toBe(200);
    await logout(session);
    expect((await open(answer.results[1]!.parcel_ticket_url)).statusCode).toBe(404);
  });

  it('an agent gets tickets only for their orders, and a ticket dies when its order goes to someone else', async () => {
    const agentA = await createTestUser(database, shop.tenant, 'Support Agent', { name: 'Agent A' });
    const agentB = await createTestUser(database, shop.tenant, 'Support Agent', { name: 'Agent B' });
    const [mine, moved] = await dispatchedOrders(2, { agent_id: agentA.id });
    const [theirs] = await dispatchedOrders(1, { agent_id: agentB.id });
    const session = await signIn(agentA.email);
    const answer = await tickets(session, [mine!, moved!, theirs!]);
    expect(answer.results.map((r) => r.order_id)).toEqual([mine, moved]);
    expect(answer.errors.map((e) => e.order_id)).toEqual([theirs]);

    const reassigned = await shop.api.post('/dashboard/orders/assign-agent', {
      agent_id: agentB.id,
      order_ids: [moved],
    });
    expect(reassigned.statusCode).toBe(200);
    expect((await open(answer.results[0]!.parcel_ticket_url)).statusCode).toBe(200);
    expect((await open(answer.results[1]!.parcel_ticket_url)).statusCode).toBe(404);
  });

  it("stays in its shop: another shop's user gets no ticket for these orders", async () => {
    const [id] = await dispatchedOrders(1);
    const other = await shopWithCompany(world);
    const answer = await tickets({ api: other.api, authorization: other.authorization }, [id!]);
    expect(answer.results).toEqual([]);
    expect(answer.errors.map((e) => e.order_id)).toEqual([id]);
  });
});
