import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatLocalDateTime, type TOrderRow, type TStatusType } from '@cod/shared';
import { rows } from '../../src/db/client.js';
import { withSystem, withTenant } from '../../src/db/tenant-context.js';
import { runNoAnswerRule } from '../../src/modules/call-attempts/call-attempts.service.js';
import { recordAttempt } from '../../src/modules/call-attempts/record-attempt.js';
import { createTestUser, loginAs } from '../support/test-db.js';
import { openTestApp } from '../support/test-db.js';
import {
  agentOf,
  clientOf,
  createOrder,
  freshPhone,
  orderBody,
  shopWithCatalogue,
  type TShop,
} from '../orders/orders-support.js';

const { app, database } = await openTestApp();
const ZONE = 'Africa/Algiers';

async function managers(shop: TShop, count: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const user = await createTestUser(database, shop.tenant, 'Manager', { name: `Caller ${i + 1}` });
      const { authorization } = await loginAs(app, user.email);
      return { id: user.id, api: clientOf(app, authorization) };
    }),
  );
}

async function forceStatus(shop: TShop, orderId: number, name: string, type: TStatusType) {
  await withSystem(database.db, (tx) =>
    tx.execute(
      sql`update orders set status_id = ${shop.status[name]!}, status_type = ${type}
          where tenant_id = ${shop.tenant.id} and id = ${orderId}`,
    ),
  );
}

const orderRow = async (shop: TShop, id: number) => (await shop.api.get(`/dashboard/orders/${id}`)).json() as TOrderRow;

describe('call outcomes (issue 15.1)', () => {
  it('records each outcome as an attempt, moves the status for confirmed, cancelled and callback', async () => {
    const shop = await shopWithCatalogue(app, database);
    const order = await createOrder(shop.api, orderBody(shop));

    const noAnswer = await shop.api.post(`/dashboard/orders/${order.id}/attempts`, { outcome: 'no_answer' });
    expect(noAnswer.statusCode, noAnswer.body).toBe(201);
    expect(noAnswer.json().code).toBe('call.recorded');
    expect(noAnswer.json().data.order.call).toMatchObject({
      attempts_count: 1,
      unanswered_count: 1,
      last_outcome: 'no_answer',
    });

    // Bad input is a 422 with the field named, never a 500.
    const noTime = await shop.api.post(`/dashboard/orders/${order.id}/attempts`, { outcome: 'callback' });
    expect(noTime.statusCode).toBe(422);
    expect(Object.keys(noTime.json().errors)).toEqual(['callback_at']);
    const noReason = await shop.api.post(`/dashboard/orders/${order.id}/attempts`, { outcome: 'cancelled' });
    expect(noReason.statusCode).toBe(422);
    expect(Object.keys(noReason.json().errors)).toEqual(['note']);
    const bad = await shop.api.post(`/dashboard/orders/${order.id}/attempts`, { outcome: 'maybe' });
    expect(bad.statusCode).toBe(422);

    const later = formatLocalDateTime(new Date(Date.now() + 2 * 3_600_000), ZONE);
    const callback = await shop.api.post(`/dashboard/orders/${order.id}/attempts`, {
      outcome: 'callback',
      callback_at: later,
      note: 'after work',
    });
    expect(callback.statusCode, callback.body).toBe(201);
    const afterCallback = await orderRow(shop, order.id);
    expect(afterCallback.latest_status?.status.type).toBe('reported');
    expect(afterCallback.call).toMatchObject({ attempts_count: 2, unanswered_count: 0, last_outcome: 'callback' });
    expect(afterCallback.call?.callback_at).not.toBeNull();

    const confirmed = await shop.api.post(`/dashboard/orders/${order.id}/attempts`, { outcome: 'confirmed' });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect((await orderRow(shop, order.id)).latest_status?.status.type).toBe('confirmed');

    const card = (await shop.api.get(`/dashboard/orders/${order.id}/call-card`)).json();
    expect(card.attempts.map((a: { outcome: string }) => a.outcome)).toEqual(['confirmed', 'callback', 'no_answer']);
    expect(card.attempts[1].note).toBe('after work');
    expect(card.attempts[0].user).toMatchObject({ id: shop.tenant.ownerId });

    const other = await shopWithCatalogue(app, database);
    expect((await other.api.post(`/dashboard/orders/${order.id}/attempts`, { outcome: 'busy' })).statusCode).toBe(404);
    expect((await other.api.get(`/dashboard/orders/${order.id}/call-card`)).statusCode).toBe(404);
  });

  it('three unanswered attempts over the hours move the order once, however often the job runs', async () => {
    const shop = await shopWithCatalogue(app, database);
    const saved = await shop.api.put('/dashboard/call-centre/settings', {
      unanswered_limit: 3,
      unanswered_hours: 2,
      no_answer_status_id: shop.status.cancelled,
      retry_minutes: 30,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const spread = await createOrder(shop.api, orderBody(shop));
    const quick = await createOrder(shop.api, orderBody(shop));
    const answered = await createOrder(shop.api, orderBody(shop));
    // Monday 23 November 2026, 08:00 to 11:00 in Algiers (07:00-10:00 UTC): within the default hours.
    const at = (hour: number, minute = 0) => new Date(Date.UTC(2026, 10, 23, hour - 1, minute));
    await withTenant(database.db, shop.tenant.id, async (tx) => {
      const base = { tenantId: shop.tenant.id, userId: shop.tenant.ownerId };
      for (const [hour, outcome] of [
        [8, 'no_answer'],
        [9, 'busy'],
        [10, 'phone_off'],
      ] as const) {
        await recordAttempt(tx, { ...base, orderId: spread.id, outcome, at: at(hour) });
      }
      for (const minute of [0, 10, 20]) {
        await recordAttempt(tx, { ...base, orderId: quick.id, outcome: 'no_answer', at: at(8, minute) });
      }
      await recordAttempt(tx, { ...base, orderId: answered.id, outcome: 'no_answer', at: at(8) });
      await recordAttempt(tx, { ...base, orderId: answered.id, outcome: 'callback', callbackAt: at(12), at: at(9) });
      await recordAttempt(tx, { ...base, orderId: answered.id, outcome: 'no_answer', at: at(10) });
      await recordAttempt(tx, { ...base, orderId: answered.id, outcome: 'busy', at: at(11) });
    });

    // Friday is a closed day: the rule waits.
    await runNoAnswerRule(database.db, new Date(Date.UTC(2026, 10, 27, 10)));
    expect((await orderRow(shop, spread.id)).latest_status?.status.type).toBe('new');
    // Before opening time on Monday: nothing either.
    await runNoAnswerRule(database.db, at(7));
    expect((await orderRow(shop, spread.id)).latest_status?.status.type).toBe('new');

    const monday = at(11, 30);
    await Promise.all([runNoAnswerRule(database.db, monday), runNoAnswerRule(database.db, monday)]);
    await runNoAnswerRule(database.db, monday);
    await runNoAnswerRule(database.db, at(12));

    const moved = await orderRow(shop, spread.id);
    expect(moved.latest_status?.status.type).toBe('cancelled');
    expect(moved.latest_status?.description).toBe('No answer after 3 attempts.');
    const timeline = (await shop.api.get(`/dashboard/orders/${spread.id}/status-timeline`)).json().data as Array<{
      status: { type: string };
    }>;
    expect(timeline.filter((h) => h.status.type === 'cancelled')).toHaveLength(1);
    // Three attempts within twenty minutes are not "over at least two hours"; an answered call restarts the count.
    expect((await orderRow(shop, quick.id)).latest_status?.status.type).toBe('new');
    expect((await orderRow(shop, answered.id)).latest_status?.status.type).toBe('new');
  });
});

describe("the agent's queue (issue 15.2)", () => {
  it('next order for 10 agents in parallel never hands one order to two agents', async () => {
    const shop = await shopWithCatalogue(app, database);
    const agents = await managers(shop, 10);
    const created: number[] = [];
    for (let i = 0; i < 30; i += 1) created.push((await createOrder(shop.api, orderBody(shop))).id);

    // Round one: ten agents at the same moment get ten different orders, the oldest first.
    const first = await Promise.all(agents.map((a) => a.api.post('/dashboard/call-queue/next')));
    const firstIds = first.map((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data.id as number;
    });
    expect(new Set(firstIds).size).toBe(10);
    expect([...firstIds].sort((a, b) => a - b)).toEqual(created.slice(0, 10));

    // Each agent works its order (no answer) and asks for the next, all in parallel, until the queue is empty.
    const handed: number[] = [...firstIds];
    await Promise.all(
      agents.map(async (agent, i) => {
        let current: number | null = firstIds[i]!;
        while (current !== null) {
          const logged = await agent.api.post(`/dashboard/orders/${current}/attempts`, { outcome: 'no_answer' });
          expect(logged.statusCode, logged.body).toBe(201);
          const next = await agent.api.post('/dashboard/call-queue/next');
          current = (next.json().data?.id as number | undefined) ?? null;
          if (current !== null) handed.push(current);
        }
      }),
    );
    expect(handed).toHaveLength(30);
    expect(new Set(handed).size).toBe(30);
    // Everything attempted, the retry wait not passed: nothing to call.
    const empty = await agents[0]!.api.post('/dashboard/call-queue/next');
    expect(empty.json()).toMatchObject({ data: null, code: 'call.queue_empty' });
  });

  it('puts due call-backs first, then unattempted orders, then retries whose wait passed; agents see only theirs', async () => {
    const shop = await shopWithCatalogue(app, database);
    await shop.api.put('/dashboard/call-centre/settings', {
      unanswered_limit: 3,
      unanswered_hours: 24,
      no_answer_status_id: null,
      retry_minutes: 30,
    });
    const agent = await agentOf(app, database, shop, 'Queue Agent');
    const make = async () => {
      const order = await createOrder(shop.api, orderBody(shop));
      const assigned = await shop.api.post('/dashboard/orders/assign-agent', {
        agent_id: agent.id,
        order_ids: [order.id],
      });
      expect(assigned.statusCode, assigned.body).toBe(200);
      return order.id;
    };
    const retry = await make();
    const fresh = await make();
    const callback = await make();
    const waiting = await make();
    await createOrder(shop.api, orderBody(shop)); // unassigned: not the agent's
    const now = Date.now();
    await withTenant(database.db, shop.tenant.id, async (tx) => {
      const base = { tenantId: shop.tenant.id, userId: agent.id };
      await recordAttempt(tx, { ...base, orderId: retry, outcome: 'busy', at: new Date(now - 3_600_000) });
      await recordAttempt(tx, { ...base, orderId: waiting, outcome: 'busy', at: new Date(now - 60_000) });
      await recordAttempt(tx, {
        ...base,
        orderId: callback,
        outcome: 'callback',
        callbackAt: new Date(now - 5 * 60_000),
        at: new Date(now - 3_600_000),
      });
    });
    const order: number[] = [];
    for (;;) {
      const next = (await agent.api.post('/dashboard/call-queue/next')).json().data as { id: number } | null;
      if (!next) break;
      order.push(next.id);
      await agent.api.post(`/dashboard/orders/${next.id}/attempts`, { outcome: 'no_answer' });
    }
    expect(order).toEqual([callback, fresh, retry]);

    const callbacks = (await agent.api.get('/dashboard/call-queue/callbacks')).json();
    expect(callbacks.total).toBe(0);
    const later = formatLocalDateTime(new Date(now + 3 * 3_600_000), ZONE);
    expect(
      (await agent.api.post(`/dashboard/orders/${waiting}/attempts`, { outcome: 'callback', callback_at: later }))
        .statusCode,
    ).toBe(201);
    const listed = (await agent.api.get('/dashboard/call-queue/callbacks')).json();
    expect(listed.data.map((r: { id: number }) => r.id)).toEqual([waiting]);
    expect(listed.data[0]).toMatchObject({ is_due: false, formatted_due_at: later });
  });

  it('a claim expires: an order claimed long ago goes to the next agent', async () => {
    const shop = await shopWithCatalogue(app, database);
    const [a, b] = await managers(shop, 2);
    const order = await createOrder(shop.api, orderBody(shop));
    expect((await a!.api.post('/dashboard/call-queue/next')).json().data.id).toBe(order.id);
    expect((await b!.api.post('/dashboard/call-queue/next')).json().data).toBeNull();
    await withSystem(database.db, (tx) =>
      tx.execute(
        sql`update orders set claimed_until = now() - interval '1 second' where tenant_id = ${shop.tenant.id}`,
      ),
    );
    expect((await b!.api.post('/dashboard/call-queue/next')).json().data.id).toBe(order.id);
    const [claim] = await withSystem(database.db, (tx) =>
      rows<{ claimed_by: number }>(
        tx,
        sql`select claimed_by from orders where tenant_id = ${shop.tenant.id} and id = ${order.id}`,
      ),
    );
    expect(claim!.claimed_by).toBe(b!.id);
  });
});

describe('customer risk (issue 15.5)', () => {
  it('counts delivered, returned and cancelled-after-confirmation per phone, and filters risky customers', async () => {
    const shop = await shopWithCatalogue(app, database);
    const phone = freshPhone();
    const ids: number[] = [];
    for (let i = 0; i < 6; i += 1)
      ids.push((await createOrder(shop.api, orderBody(shop, { customer_phone_1: phone }))).id);
    await forceStatus(shop, ids[0]!, 'returned', 'returned');
    await forceStatus(shop, ids[1]!, 'returned', 'returned');
    await forceStatus(shop, ids[2]!, 'delivered', 'delivered');
    // Confirmed, then cancelled: counts. Cancelled straight away: does not.
    expect(
      (await shop.api.patch(`/dashboard/orders/${ids[3]}/status`, { status: shop.status.confirmed })).statusCode,
    ).toBe(200);
    expect(
      (await shop.api.patch(`/dashboard/orders/${ids[3]}/status`, { status: shop.status.cancelled })).statusCode,
    ).toBe(200);
    expect(
      (await shop.api.patch(`/dashboard/orders/${ids[4]}/status`, { status: shop.status.cancelled })).statusCode,
    ).toBe(200);
    const good = await createOrder(shop.api, orderBody(shop));

    const card = (await shop.api.get(`/dashboard/orders/${ids[5]}/call-card`)).json();
    expect(card.risk).toMatchObject({
      delivered: 1,
      returned: 2,
      cancelled_after_confirmation: 1,
      score: 75,
      level: 'high',
    });
    expect(card.risk.reasons).toEqual([
      { code: 'returned', value: 2 },
      { code: 'cancelled_after_confirmation', value: 1 },
      { code: 'failure_rate', value: 75 },
      { code: 'delivered', value: 1 },
    ]);

    const risky = (await shop.api.get('/dashboard/orders?tab=all&risky=1')).json();
    expect(risky.data.map((r: TOrderRow) => r.id).sort((a: number, b: number) => a - b)).toEqual(ids);
    expect(risky.counts.all).toBe(6);
    expect(risky.data[0].customer_risk.level).toBe('high');
    const all = (await shop.api.get('/dashboard/orders?tab=all')).json();
    expect(all.data.find((r: TOrderRow) => r.id === good.id).customer_risk).toMatchObject({ level: 'low', score: 0 });
  });
});

describe('the call queue across shops (issue 15.2)', () => {
  it("answers 404 when releasing another shop's order, and leaves its claim alone", async () => {
    const mine = await shopWithCatalogue(app, database);
    const theirs = await shopWithCatalogue(app, database);
    const order = await createOrder(theirs.api, orderBody(theirs));
    const claimed = await theirs.api.post('/dashboard/call-queue/next', {});
    expect(claimed.json().data.id).toBe(order.id);

    const foreign = await mine.api.post(`/dashboard/call-queue/${order.id}/release`, {});
    expect(foreign.statusCode).toBe(404);
    const [still] = await withSystem(database.db, (tx) =>
      rows<{ claimed_by: number | null }>(tx, sql`select claimed_by from orders where id = ${order.id}`),
    );
    expect(still!.claimed_by).not.toBeNull();

    const own = await theirs.api.post(`/dashboard/call-queue/${order.id}/release`, {});
    expect(own.statusCode).toBe(200);
  });
});

describe('the call queue within a shop (issue 15.2)', () => {
  it("answers 404 to an agent releasing another agent's claim, and leaves it alone", async () => {
    const shop = await shopWithCatalogue(app, database);
    const [first, second] = await managers(shop, 2);
    const order = await createOrder(shop.api, orderBody(shop));
    const claimed = await first!.api.post('/dashboard/call-queue/next', {});
    expect(claimed.json().data.id).toBe(order.id);
    const claimOf = async () => {
      const [row] = await withSystem(database.db, (tx) =>
        rows<{ claimed_by: number | null; claimed_until: Date | null }>(
          tx,
          sql`select claimed_by, claimed_until from orders where tenant_id = ${shop.tenant.id} and id = ${order.id}`,
        ),
      );
      return row!;
    };
    const before = await claimOf();
    expect(before.claimed_by).toBe(first!.id);

    const foreign = await second!.api.post(`/dashboard/call-queue/${order.id}/release`, {});
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect(foreign.json()).not.toHaveProperty('released');
    expect(await claimOf()).toEqual(before);

    // The agent's own claim is let go; closing the dialog again (no claim left) is no error.
    expect((await first!.api.post(`/dashboard/call-queue/${order.id}/release`, {})).json()).toEqual({ released: true });
    expect((await claimOf()).claimed_by).toBeNull();
    expect((await first!.api.post(`/dashboard/call-queue/${order.id}/release`, {})).statusCode).toBe(200);
  });

  it('answers 404 to a support agent releasing an order outside their scope', async () => {
    const shop = await shopWithCatalogue(app, database);
    const agent = await agentOf(app, database, shop);
    const order = await createOrder(shop.api, orderBody(shop));
    const outside = await agent.api.post(`/dashboard/call-queue/${order.id}/release`, {});
    expect(outside.statusCode, outside.body).toBe(404);
  });
});
