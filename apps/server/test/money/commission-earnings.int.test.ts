import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dayIn } from '@cod/shared';
import { rows } from '../../src/db/client.js';
import { agentOf, createOrder, orderBody, shopWithCatalogue, type TShop } from '../orders/orders-support.js';
import { openTestApp } from '../support/test-db.js';
import { commissionPayer } from './money-support.js';

/**
 * Issue 13.5 follow-up (docs/decisions/0114, 0115): an order earns again after a reversal, once per
 * earning however often the change repeats; a deleted order gives its commission back, a restored
 * one earns again; the orders that qualified before the ledger existed get their line, once.
 */
const { app, database } = await openTestApp();
const db = database.db;

type TLine = { kind: string; amount: string; earning: number };

async function ledgerOf(tenantId: number, orderId: number): Promise<TLine[]> {
  return rows<TLine>(
    db,
    sql`select kind, amount_centimes::text as amount, earning from agent_commissions
        where tenant_id = ${tenantId} and order_id = ${orderId} order by earning, kind`,
  );
}

const earned = (earning: number, amount: string): TLine => ({ kind: 'earned', amount, earning });
const reversed = (earning: number, amount: string): TLine => ({ kind: 'reversed', amount: `-${amount}`, earning });

async function shopWithAgent(rule: 'confirmed' | 'delivered') {
  const shop = await shopWithCatalogue(app, database);
  const agent = await agentOf(app, database, shop, 'Nadia Agent');
  await db.execute(
    sql`update users set commission_type = 'fixed', commission_amount = 150, commission_on = ${rule}
        where tenant_id = ${shop.tenant.id} and id = ${agent.id}`,
  );
  return { shop, agent };
}

function setStatus(shop: TShop, orderId: number, name: string) {
  return shop.api.patch(`/dashboard/orders/${orderId}/status`, { status: shop.status[name] });
}

async function sameTimes(times: number, run: () => Promise<{ statusCode: number; body: string }>) {
  const answers = await Promise.all(Array.from({ length: times }, run));
  for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
  return answers;
}

async function month(shop: TShop, agentId: number) {
  const value = dayIn(new Date(), 'Africa/Algiers').slice(0, 7);
  return (await shop.api.get(`/dashboard/commissions?month=${value}&agent_id=${agentId}`)).json();
}

describe('commission earnings after a reversal (decision 0114)', () => {
  it('a cancelled order confirmed again earns again, once per earning however often the change repeats', async () => {
    const { shop, agent } = await shopWithAgent('confirmed');
    const tenantId = shop.tenant.id;
    const order = await createOrder(shop.api, orderBody(shop, { agent_id: agent.id }));

    await sameTimes(4, () => setStatus(shop, order.id, 'confirmed'));
    expect(await ledgerOf(tenantId, order.id)).toEqual([earned(1, '15000')]);
    // Back to pending keeps the line (the agent did confirm it); confirming again earns nothing more.
    expect((await setStatus(shop, order.id, 'no_answer')).statusCode).toBe(200);
    expect((await setStatus(shop, order.id, 'confirmed')).statusCode).toBe(200);
    expect(await ledgerOf(tenantId, order.id)).toEqual([earned(1, '15000')]);

    await sameTimes(4, () => setStatus(shop, order.id, 'cancelled'));
    expect(await ledgerOf(tenantId, order.id)).toEqual([earned(1, '15000'), reversed(1, '15000')]);

    // The customer calls back: confirmed again, five times at once: one new earning.
    await sameTimes(5, () => setStatus(shop, order.id, 'confirmed'));
    expect(await ledgerOf(tenantId, order.id)).toEqual([earned(1, '15000'), reversed(1, '15000'), earned(2, '15000')]);
    // And cancelled again, repeatedly: the second earning is reversed once; pending then changes nothing.
    await sameTimes(5, () => setStatus(shop, order.id, 'cancelled'));
    expect((await setStatus(shop, order.id, 'no_answer')).statusCode).toBe(200);
    await sameTimes(3, () => setStatus(shop, order.id, 'cancelled'));
    expect(await ledgerOf(tenantId, order.id)).toEqual([
      earned(1, '15000'),
      reversed(1, '15000'),
      earned(2, '15000'),
      reversed(2, '15000'),
    ]);
    // A third confirmation earns a third time: the month counts it as one net order.
    expect((await setStatus(shop, order.id, 'confirmed')).statusCode).toBe(200);
    const answer = await month(shop, agent.id);
    expect(answer.data[0]).toMatchObject({
      orders: 3,
      reversed_orders: 2,
      earned_centimes: 45_000,
      reversed_centimes: 30_000,
      net_centimes: 15_000,
      due_centimes: 15_000,
    });
    expect(answer.lines).toHaveLength(5);
  });
});

describe('a deleted order and its commission (decision 0115)', () => {
  it('deleting reverses the earning, restoring earns again while the status qualifies; paid commissions are owed back', async () => {
    const { shop, agent } = await shopWithAgent('delivered');
    const tenantId = shop.tenant.id;
    const [first, second] = [
      await createOrder(shop.api, orderBody(shop, { agent_id: agent.id })),
      await createOrder(shop.api, orderBody(shop, { agent_id: agent.id })),
    ];
    // Delivered by hand (the status of a carrier's delivery): each earns 150 DA on delivery.
    for (const order of [first!, second!]) {
      await db.execute(
        sql`update orders set status_id = ${shop.status.out_for_delivery!}, status_type = 'follow-up'
            where tenant_id = ${tenantId} and id = ${order.id}`,
      );
      expect((await setStatus(shop, order.id, 'delivered')).statusCode).toBe(200);
    }
    expect(await ledgerOf(tenantId, first!.id)).toEqual([earned(1, '15000')]);

    // 300 DA due; the owner pays all of it.
    const box = (
      await shop.api.post('/dashboard/cases', { name: 'Caisse', kind: 'cash', opening_centimes: 100_000 })
    ).json();
    const pay = commissionPayer(shop, agent.id, box.id);
    expect((await pay(30_000)).statusCode).toBe(201);
    expect((await month(shop, agent.id)).data[0]).toMatchObject({ paid_centimes: 30_000, due_centimes: 0 });

    // Deleting a delivered order reverses its earning even though it was paid: the agent now owes
    // 150 DA back, which the next earnings cover before anything is due again.
    await sameTimes(3, () => shop.api.delete(`/dashboard/orders/${first!.id}`));
    expect(await ledgerOf(tenantId, first!.id)).toEqual([earned(1, '15000'), reversed(1, '15000')]);
    expect((await month(shop, agent.id)).data[0]).toMatchObject({
      net_centimes: 15_000,
      paid_centimes: 30_000,
      due_centimes: -15_000,
    });
    const refused = await pay(100);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.amount_centimes).toHaveLength(1);

    // Restored: still delivered, so it earns again (a second earning), once however often.
    await sameTimes(3, () => shop.api.post(`/dashboard/orders/${first!.id}/restore`));
    expect(await ledgerOf(tenantId, first!.id)).toEqual([earned(1, '15000'), reversed(1, '15000'), earned(2, '15000')]);
    expect((await month(shop, agent.id)).data[0]).toMatchObject({ net_centimes: 30_000, due_centimes: 0 });

    // An order deleted with no earning (pending, rule 'delivered') writes nothing either way.
    const pending = await createOrder(shop.api, orderBody(shop, { agent_id: agent.id }));
    expect((await shop.api.delete(`/dashboard/orders/${pending.id}`)).statusCode).toBe(200);
    expect((await shop.api.post(`/dashboard/orders/${pending.id}/restore`)).statusCode).toBe(200);
    expect(await ledgerOf(tenantId, pending.id)).toEqual([]);
  });

  it('a cancelled order restored does not earn; a confirmed one does under a confirmed rule', async () => {
    const { shop, agent } = await shopWithAgent('confirmed');
    const tenantId = shop.tenant.id;
    const cancelled = await createOrder(shop.api, orderBody(shop, { agent_id: agent.id }));
    expect((await setStatus(shop, cancelled.id, 'confirmed')).statusCode).toBe(200);
    expect((await setStatus(shop, cancelled.id, 'cancelled')).statusCode).toBe(200);
    expect((await shop.api.delete(`/dashboard/orders/${cancelled.id}`)).statusCode).toBe(200);
    expect((await shop.api.post(`/dashboard/orders/${cancelled.id}/restore`)).statusCode).toBe(200);
    expect(await ledgerOf(tenantId, cancelled.id)).toEqual([earned(1, '15000'), reversed(1, '15000')]);

    const confirmed = await createOrder(shop.api, orderBody(shop, { agent_id: agent.id }));
    expect((await setStatus(shop, confirmed.id, 'confirmed')).statusCode).toBe(200);
    expect((await shop.api.delete(`/dashboard/orders/${confirmed.id}`)).statusCode).toBe(200);
    expect(await ledgerOf(tenantId, confirmed.id)).toEqual([earned(1, '15000'), reversed(1, '15000')]);
    expect((await shop.api.post(`/dashboard/orders/${confirmed.id}/restore`)).statusCode).toBe(200);
    expect(await ledgerOf(tenantId, confirmed.id)).toEqual([
      earned(1, '15000'),
      reversed(1, '15000'),
      earned(2, '15000'),
    ]);
  });
});

describe('backfill of the orders before the ledger (migration 0032)', () => {
  it("writes each qualifying order's earned line once, by its agent's current rule, dated by its history", async () => {
    const shop = await shopWithCatalogue(app, database);
    const tenantId = shop.tenant.id;
    const fixed = await agentOf(app, database, shop, 'Fixe Agent');
    const percent = await agentOf(app, database, shop, 'Taux Agent');
    const none = await agentOf(app, database, shop, 'Sans Agent');
    // The orders move while their agents earn nothing (as before migration 0027: no ledger line).
    const make = async (agentId: number, status: string, total?: number) => {
      const order = await createOrder(
        shop.api,
        orderBody(shop, {
          agent_id: agentId,
          ...(total ? { products: [{ product_id: shop.watch.id, quantity: total }] } : {}),
        }),
      );
      if (status !== 'new') {
        if (status === 'delivered' || status === 'returned') {
          await db.execute(
            sql`update orders set status_id = ${shop.status.out_for_delivery!}, status_type = 'follow-up'
                where tenant_id = ${tenantId} and id = ${order.id}`,
          );
        }
        const moved = await setStatus(shop, order.id, status);
        expect(moved.statusCode, moved.body).toBe(200);
      }
      return order.id;
    };
    const confirmedFixed = await make(fixed.id, 'confirmed');
    const deliveredFixed = await make(fixed.id, 'delivered');
    const cancelledFixed = await make(fixed.id, 'cancelled');
    const newFixed = await make(fixed.id, 'new');
    const confirmedPercent = await make(percent.id, 'confirmed', 3); // 7 500 DA, rule delivered: not yet
    const deliveredPercent = await make(percent.id, 'delivered', 3); // 2.35 % of 7 500 = 176,25 DA
    const deliveredNone = await make(none.id, 'delivered');
    const deletedFixed = await make(fixed.id, 'confirmed');
    expect((await shop.api.delete(`/dashboard/orders/${deletedFixed}`)).statusCode).toBe(200);
    expect((await rows(db, sql`select 1 from agent_commissions where tenant_id = ${tenantId}`)).length).toBe(0);

    // Then the shop sets the commissions, and the backfill runs.
    await db.execute(
      sql`update users set commission_type = 'fixed', commission_amount = 120.5, commission_on = 'confirmed'
          where tenant_id = ${tenantId} and id = ${fixed.id}`,
    );
    await db.execute(
      sql`update users set commission_type = 'percent', commission_rate = 2.35, commission_on = 'delivered'
          where tenant_id = ${tenantId} and id = ${percent.id}`,
    );
    // An order that already has a line keeps it as it is.
    await db.execute(
      sql`insert into agent_commissions (tenant_id, order_id, agent_id, kind, rule_on, amount_centimes)
          values (${tenantId}, ${confirmedFixed}, ${fixed.id}, 'earned', 'confirmed', 99)`,
    );
    const backfill = async (before: string) =>
      (
        await rows<{ written: number }>(
          db,
          sql`select app_commissions_backfill(${tenantId}, ${before}::timestamptz) as written`,
        )
      )[0]!.written;

    // Nothing reached its state before a cutoff in the past (the migration passes 0027's landing).
    expect(await backfill('2000-01-01T00:00:00Z')).toBe(0);
    expect(await backfill(new Date(Date.now() + 60_000).toISOString())).toBe(2);
    expect(await backfill(new Date(Date.now() + 60_000).toISOString())).toBe(0);

    expect(await ledgerOf(tenantId, deliveredFixed)).toEqual([earned(1, '12050')]);
    expect(await ledgerOf(tenantId, deliveredPercent)).toEqual([earned(1, '17625')]);
    expect(await ledgerOf(tenantId, confirmedFixed)).toEqual([earned(1, '99')]);
    for (const id of [cancelledFixed, newFixed, confirmedPercent, deliveredNone, deletedFixed]) {
      expect(await ledgerOf(tenantId, id)).toEqual([]);
    }
    // Dated when the order first reached the rule's state (its status history).
    const [dated] = await rows<{ same: boolean }>(
      db,
      sql`select c.occurred_at = (select min(f.created_at) from fulfillment_statuses f
            join statuses s on s.tenant_id = f.tenant_id and s.id = f.status_id
            where f.tenant_id = c.tenant_id and f.order_id = c.order_id and s.type = 'delivered') as same
          from agent_commissions c where c.tenant_id = ${tenantId} and c.order_id = ${deliveredPercent}`,
    );
    expect(dated!.same).toBe(true);

    // The backfilled line is an ordinary earning: deleting the order reverses it once.
    await sameTimes(2, () => shop.api.delete(`/dashboard/orders/${deliveredFixed}`));
    expect(await ledgerOf(tenantId, deliveredFixed)).toEqual([earned(1, '12050'), reversed(1, '12050')]);
  });
});
