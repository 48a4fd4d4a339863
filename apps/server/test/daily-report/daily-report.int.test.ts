import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fromDinars, type TDailyReport, type THomeNumbers, type TStatusType } from '@cod/shared';
import { rows } from '../../src/db/client.js';
import { withSystem } from '../../src/db/tenant-context.js';
import {
  getDailyReport,
  getHomeNumbers,
  runDailyReportMails,
  type TReportActor,
} from '../../src/modules/daily-report/daily-report.service.js';
import {
  agentOf,
  createOrder,
  orderBody,
  shopWithCatalogue,
  STATUS_OF_TYPE,
  type TShop,
} from '../orders/orders-support.js';
import { openTestApp } from '../support/test-db.js';

const { app, database } = await openTestApp();
const db = database.db;

// Africa/Algiers is UTC+1 all year (no summer time): local midnight of the 10th is 23:00 UTC on the 9th.
const D = '2026-03-10';
const local = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);

interface THandMade {
  createdAt: Date;
  events?: Array<[TStatusType, Date]>;
  agentId?: number | null;
  reportedAt?: Date;
  deleted?: boolean;
}

/**
 * An order created through the API, then given a hand-made history: its creation instant, its
 * status changes at the given instants (the last one is its status), its agent.
 */
async function handMade(shop: TShop, o: THandMade): Promise<{ id: number; total: number }> {
  const order = await createOrder(shop.api, orderBody(shop));
  const events: Array<[TStatusType, Date]> = [['new', o.createdAt], ...(o.events ?? [])];
  const [lastType] = events.at(-1)!;
  await withSystem(db, async (tx) => {
    await tx.execute(
      sql`delete from fulfillment_statuses where tenant_id = ${shop.tenant.id} and order_id = ${order.id}`,
    );
    for (const [type, at] of events) {
      await tx.execute(
        sql`insert into fulfillment_statuses (tenant_id, order_id, status_id, created_at)
            values (${shop.tenant.id}, ${order.id}, ${shop.status[STATUS_OF_TYPE[type]]!}, ${at.toISOString()})`,
      );
    }
    await tx.execute(
      sql`update orders set created_at = ${o.createdAt.toISOString()}, agent_id = ${o.agentId ?? null},
            status_id = ${shop.status[STATUS_OF_TYPE[lastType]]!}, status_type = ${lastType},
            reported_at = ${o.reportedAt?.toISOString() ?? null},
            deleted_at = ${o.deleted ? o.createdAt.toISOString() : null}
          where tenant_id = ${shop.tenant.id} and id = ${order.id}`,
    );
  });
  return { id: order.id, total: order.total };
}

const actorOf = (shop: TShop, userId: number, seesAll: boolean): TReportActor => ({
  tenantId: shop.tenant.id,
  userId,
  timeZone: 'Africa/Algiers',
  seesAll,
});

async function reportOf(shop: TShop, day: string): Promise<TDailyReport> {
  const { data } = await getDailyReport({ db }, actorOf(shop, shop.tenant.ownerId, true), { day });
  return data;
}

/** A shop with a hand-made week around D (docs/decisions/0081 says why each order counts where). */
async function weekShop() {
  const shop = await shopWithCatalogue(app, database);
  const agent = await agentOf(app, database, shop, 'Nadia Agent');
  const A = await handMade(shop, {
    createdAt: local(D, '10:00'),
    agentId: agent.id,
    events: [
      ['confirmed', local(D, '11:00')],
      ['inDispatch', local(D, '15:00')],
      ['delivered', local(D, '18:00')],
    ],
  });
  // Created the day before, decided on D.
  const B = await handMade(shop, {
    createdAt: local('2026-03-09', '20:00'),
    agentId: agent.id,
    events: [
      ['pending', local('2026-03-09', '21:00')],
      ['confirmed', local(D, '09:00')],
    ],
  });
  // Created at 23:30 on D (22:30 UTC); cancelled at 00:30 on the 11th, which is still the 10th in UTC.
  await handMade(shop, { createdAt: local(D, '23:30'), events: [['cancelled', local('2026-03-11', '00:30')]] });
  // Created at 00:30 on the 9th: the 8th in UTC.
  await handMade(shop, { createdAt: local('2026-03-09', '00:30') });
  // Confirmed on the 9th, returned on D: a return of D, no decision of D.
  await handMade(shop, {
    createdAt: local('2026-03-08', '10:00'),
    events: [
      ['confirmed', local('2026-03-09', '10:00')],
      ['inDispatch', local('2026-03-09', '12:00')],
      ['returned', local(D, '12:00')],
    ],
  });
  // Cancelled on D.
  await handMade(shop, { createdAt: local(D, '09:00'), events: [['cancelled', local(D, '10:00')]] });
  // Confirmed on the 9th, back to pending and confirmed again on D: its decision stays on the 9th.
  await handMade(shop, {
    createdAt: local('2026-03-09', '08:00'),
    events: [
      ['confirmed', local('2026-03-09', '09:00')],
      ['pending', local(D, '08:00')],
      ['confirmed', local(D, '09:00')],
    ],
  });
  // Deleted: never counted.
  await handMade(shop, {
    createdAt: local(D, '12:00'),
    deleted: true,
    events: [['confirmed', local(D, '13:00')]],
  });
  return { shop, agent, A, B };
}

describe('the daily report numbers (hand-made orders)', () => {
  it('counts each order on the day of its event, in the shop time zone', async () => {
    const { shop, agent, A } = await weekShop();
    const day = await reportOf(shop, D);
    expect(day.summary).toMatchObject({
      day: D,
      created: 2 + 1, // A, the 23:30 one, the cancelled one (not the deleted one)
      decided: 3, // A and B confirmed, one cancelled
      confirmed: 2,
      cancelled: 1,
      dispatched: 1,
      delivered: 1,
      returned: 1,
      revenue_delivered: fromDinars(A.total),
    });
    expect(day.summary.confirmation_rate).toBeCloseTo(2 / 3);
    expect(day.summary.delivery_rate).toBe(0.5);
    expect(day.agents).toEqual([{ id: agent.id, name: 'Nadia Agent', decided: 2, confirmed: 2, delivered: 1 }]);

    // The day before: B, the 00:30 one, the go-back one created; two confirmed (go-back, the returned one).
    expect(day.previous).toMatchObject({ day: '2026-03-09', created: 3, decided: 2, confirmed: 2, dispatched: 1 });
    expect(day.previous.delivery_rate).toBeNull();

    // The 11th holds the 00:30 cancellation, though in UTC it happened on the 10th.
    const next = await reportOf(shop, '2026-03-11');
    expect(next.summary).toMatchObject({ created: 0, decided: 1, cancelled: 1, confirmed: 0 });
    expect(next.summary.confirmation_rate).toBe(0);
  });

  it('follows decision 0077 for reopened and re-dispatched orders', async () => {
    const shop = await shopWithCatalogue(app, database);
    // Cancelled on the 9th, reopened and confirmed on D: no longer a cancellation, a decision of D.
    await handMade(shop, {
      createdAt: local('2026-03-09', '09:00'),
      events: [
        ['cancelled', local('2026-03-09', '10:00')],
        ['pending', local(D, '08:00')],
        ['confirmed', local(D, '10:00')],
      ],
    });
    // Returned on the 9th, sent again and delivered on D: delivered, never returned, dispatched on the 7th.
    await handMade(shop, {
      createdAt: local('2026-03-07', '09:00'),
      events: [
        ['confirmed', local('2026-03-07', '10:00')],
        ['inDispatch', local('2026-03-07', '12:00')],
        ['returned', local('2026-03-09', '12:00')],
        ['inDispatch', local(D, '09:00')],
        ['delivered', local(D, '17:00')],
      ],
    });
    const day = await reportOf(shop, D);
    expect(day.summary).toMatchObject({
      decided: 1,
      confirmed: 1,
      cancelled: 0,
      dispatched: 0,
      delivered: 1,
      returned: 0,
    });
    expect(day.previous).toMatchObject({ decided: 0, confirmed: 0, cancelled: 0, returned: 0 });
    expect(day.summary.delivery_rate).toBe(1);
  });

  it('moves the day boundaries with the shop time zone', async () => {
    const { shop } = await weekShop();
    // In Tokyo (UTC+9) the 23:30 Algiers order (22:30 UTC on the 10th) was made on the 11th at 07:30.
    const tokyo = { ...actorOf(shop, shop.tenant.ownerId, true), timeZone: 'Asia/Tokyo' };
    await withSystem(db, (tx) =>
      tx.execute(sql`update tenant_settings set time_zone = 'Asia/Tokyo' where tenant_id = ${shop.tenant.id}`),
    );
    const { data } = await getDailyReport({ db }, tokyo, { day: '2026-03-11' });
    expect(data.summary.time_zone).toBe('Asia/Tokyo');
    // The 23:30 order and its 00:30 cancellation (07:30 and 08:30 in Tokyo on the 11th), and the
    // return (12:00 Algiers = 20:00 Tokyo) and A's delivery (18:00 = 02:00 on the 11th).
    expect(data.summary).toMatchObject({ created: 1, cancelled: 1, delivered: 1, returned: 0 });
    const tenth = (await getDailyReport({ db }, tokyo, { day: D })).data.summary;
    expect(tenth).toMatchObject({ returned: 1, delivered: 0 });
  });

  it('answers the page, a PDF in English and Arabic, and 422/403 where it must', async () => {
    const { shop, agent } = await weekShop();
    const page = await shop.api.get(`/dashboard/reports/daily?day=${D}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.summary.created).toBe(3);
    expect(page.json().settings).toEqual({ daily_report_hour: 8 });

    for (const locale of ['en', 'ar']) {
      const pdf = await shop.api.get(`/dashboard/reports/daily/pdf?day=${D}&locale=${locale}`);
      expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.rawPayload.length).toBeGreaterThan(2000);
    }

    const bad = await shop.api.get('/dashboard/reports/daily?day=2026-02-30');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.day).toEqual(['The day must be a calendar day such as 2026-11-21.']);
    // The shop's day is for those who see every order.
    expect((await agent.api.get(`/dashboard/reports/daily?day=${D}`)).statusCode).toBe(403);
    expect((await agent.api.get(`/dashboard/reports/daily/pdf?day=${D}`)).statusCode).toBe(403);
  });
});

describe('the home numbers', () => {
  it("shows an agent their queue, today's confirmations and the month's commission", async () => {
    const { shop, agent, A, B } = await weekShop();
    await handMade(shop, { createdAt: local(D, '08:00'), agentId: agent.id });
    await handMade(shop, { createdAt: local(D, '08:00'), agentId: agent.id, events: [['pending', local(D, '09:00')]] });
    // A callback due at 14:00 today, one due in two days.
    await handMade(shop, {
      createdAt: local(D, '08:00'),
      agentId: agent.id,
      reportedAt: local(D, '14:00'),
      events: [['reported', local(D, '09:00')]],
    });
    await handMade(shop, {
      createdAt: local(D, '08:00'),
      agentId: agent.id,
      reportedAt: local('2026-03-12', '10:00'),
      events: [['reported', local(D, '09:00')]],
    });
    const setCommission = (set: ReturnType<typeof sql>) =>
      withSystem(db, (tx) =>
        tx.execute(sql`update users set ${set} where tenant_id = ${shop.tenant.id} and id = ${agent.id}`),
      );

    // Issue 13.5: the home reads the commission ledger (docs/decisions/0102). These hand-made orders
    // took no status change, so their lines are written here as the status changes would have.
    const ledger = (lines: Array<[number, number, Date]>) =>
      withSystem(db, async (tx) => {
        await tx.execute(sql`delete from agent_commissions where tenant_id = ${shop.tenant.id}`);
        for (const [orderId, amount, at] of lines) {
          await tx.execute(
            sql`insert into agent_commissions (tenant_id, order_id, agent_id, kind, rule_on, amount_centimes, occurred_at)
                values (${shop.tenant.id}, ${orderId}, ${agent.id}, 'earned', 'confirmed', ${amount}, ${at.toISOString()})`,
          );
        }
      });

    const now = local(D, '20:00');
    await setCommission(sql`commission_type = 'fixed', commission_amount = 100, commission_on = 'confirmed'`);
    await ledger([
      [A.id, 100_00, local(D, '11:00')],
      [B.id, 100_00, local(D, '09:00')],
    ]);
    const home: THomeNumbers = await getHomeNumbers({ db }, actorOf(shop, agent.id, false), now);
    expect(home.today).toBe(D);
    expect(home.shop).toBeNull();
    expect(home.queue).toEqual({
      to_call: 2,
      callbacks_due: 1,
      confirmed_today: 2,
      commission: { type: 'fixed', on: 'confirmed', orders: 2, earned: 2 * 100_00 },
    });

    // 10 % of what was delivered this month: A only.
    await setCommission(
      sql`commission_type = 'percent', commission_rate = 10, commission_amount = 0, commission_on = 'delivered'`,
    );
    await ledger([[A.id, Math.round(fromDinars(A.total) / 10), local(D, '18:00')]]);
    const percent = await getHomeNumbers({ db }, actorOf(shop, agent.id, false), now);
    expect(percent.queue?.commission).toEqual({
      type: 'percent',
      on: 'delivered',
      orders: 1,
      earned: Math.round(fromDinars(A.total) / 10),
    });
    // Next month starts from zero.
    const april = await getHomeNumbers({ db }, actorOf(shop, agent.id, false), local('2026-04-01', '09:00'));
    expect(april.queue?.commission.orders).toBe(0);
    expect(april.queue?.confirmed_today).toBe(0);
    void B;
  });

  it("shows an owner the shop's day, and each user their own over HTTP", async () => {
    const { shop, agent } = await weekShop();
    const owner = await getHomeNumbers({ db }, actorOf(shop, shop.tenant.ownerId, true), local(D, '20:00'));
    expect(owner.queue).toBeNull();
    expect(owner.shop).toMatchObject({ day: D, created: 3, confirmed: 2, dispatched: 1, delivered: 1, returned: 1 });

    const ownerHttp = await shop.api.get('/dashboard/home');
    expect(ownerHttp.statusCode, ownerHttp.body).toBe(200);
    expect(ownerHttp.json().shop).not.toBeNull();
    const agentHttp = await agent.api.get('/dashboard/home');
    expect(agentHttp.statusCode, agentHttp.body).toBe(200);
    expect(agentHttp.json().shop).toBeNull();
    expect(agentHttp.json().queue).toMatchObject({ to_call: 0, callbacks_due: 0 });
  });
});

describe('the daily report mail', () => {
  const outbox = (tenantId: number) =>
    withSystem(db, (tx) =>
      rows<{ to_email: string; subject: string; body: string }>(
        tx,
        sql`select to_email, subject, body from mail_outbox where tenant_id = ${tenantId} order by id`,
      ),
    );
  const ageShop = (tenantId: number) =>
    withSystem(db, (tx) =>
      tx.execute(sql`update tenants set created_at = '2026-01-01T00:00:00Z' where id = ${tenantId}`),
    );

  it("is written once, at the shop's hour, with yesterday's numbers", async () => {
    const { shop } = await weekShop();
    await ageShop(shop.tenant.id);
    const saved = await shop.api.put('/dashboard/reports/daily/settings', { daily_report_hour: 7 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await shop.api.put('/dashboard/reports/daily/settings', { daily_report_hour: 24 })).statusCode).toBe(422);
    const only = { tenantIds: [shop.tenant.id] };

    expect((await runDailyReportMails(db, app.log, local('2026-03-11', '06:59'), only)).sent).toEqual([]);
    const first = await runDailyReportMails(db, app.log, local('2026-03-11', '07:00'), only);
    expect(first.sent).toEqual([{ tenantId: shop.tenant.id, day: D, recipients: 1 }]);
    expect((await runDailyReportMails(db, app.log, local('2026-03-11', '07:01'), only)).sent).toEqual([]);
    expect((await runDailyReportMails(db, app.log, local('2026-03-11', '23:00'), only)).sent).toEqual([]);

    const mails = await outbox(shop.tenant.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to_email).toBe(shop.tenant.ownerEmail);
    expect(mails[0]!.subject).toContain(D);
    // The owner reads English (the test owner's locale): the day's figures beside the day before's.
    expect(mails[0]!.body).toContain('- New orders: 3 (Day before: 3)');
    expect(mails[0]!.body).toContain('- Confirmation rate: 66.7%');

    // The next day brings the next report; a shop that turns the mail off gets none.
    expect((await runDailyReportMails(db, app.log, local('2026-03-12', '07:30'), only)).sent).toHaveLength(1);
    await shop.api.put('/dashboard/reports/daily/settings', { daily_report_hour: null });
    expect((await runDailyReportMails(db, app.log, local('2026-03-13', '09:00'), only)).sent).toEqual([]);
    expect(await outbox(shop.tenant.id)).toHaveLength(2);
  });

  it('is written once when the job runs several times at once (several instances)', async () => {
    const shop = await shopWithCatalogue(app, database);
    await ageShop(shop.tenant.id);
    const only = { tenantIds: [shop.tenant.id] };
    const at = local('2026-05-02', '09:15');
    const runs = await Promise.all(Array.from({ length: 5 }, () => runDailyReportMails(db, app.log, at, only)));
    expect(runs.flatMap((r) => r.sent)).toEqual([{ tenantId: shop.tenant.id, day: '2026-05-01', recipients: 1 }]);
    expect(await outbox(shop.tenant.id)).toHaveLength(1);
    const claims = await withSystem(db, (tx) =>
      rows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from daily_report_sends where tenant_id = ${shop.tenant.id}`,
      ),
    );
    expect(claims[0]!.n).toBe(1);
  });

  it("follows each shop's own time zone", async () => {
    const shop = await shopWithCatalogue(app, database);
    await ageShop(shop.tenant.id);
    await withSystem(db, (tx) =>
      tx.execute(sql`update tenant_settings set time_zone = 'Asia/Tokyo' where tenant_id = ${shop.tenant.id}`),
    );
    const only = { tenantIds: [shop.tenant.id] };
    // 23:30 UTC on the 1st: 00:30 in Algiers (too early anywhere near 8), 08:30 on the 2nd in Tokyo.
    const sent = await runDailyReportMails(db, app.log, new Date('2026-06-01T23:30:00Z'), only);
    expect(sent.sent).toEqual([{ tenantId: shop.tenant.id, day: '2026-06-01', recipients: 1 }]);
    // A shop created today has no yesterday to report.
    const fresh = await shopWithCatalogue(app, database);
    expect((await runDailyReportMails(db, app.log, new Date(), { tenantIds: [fresh.tenant.id] })).sent).toEqual([]);
  });
});
