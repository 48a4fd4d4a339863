import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ZAnalyticsQuery, type TAccountingReport, type TStatusType } from '@cod/shared';
import { rows } from '../../src/db/client.js';
import { withTenant } from '../../src/db/tenant-context.js';
import { accountingReport } from '../../src/modules/analytics/accounting.service.js';
import { openTestApp } from '../support/test-db.js';
import { accountingShop, createVariedOrders } from './analytics-support.js';

const { app, database } = await openTestApp();
const db = database.db;

/**
 * Decisions 0126 and 0134: the fold keeps each finished order's money row and its priced money
 * parts, summed into the accounting rollups. A price change (a cost price, a purchase that prices a
 * product without one, a fee grid cell) and a commission line note the orders they price. After
 * every kind of change (those, a return, a re-dispatch, the order's fee columns, a line) the view
 * equals the direct computation, before the fold (the noted orders computed by the reader) and
 * after it.
 */
describe('accounting money rows and parts: what invalidates them (decisions 0126, 0134)', () => {
  it('stays equal to the direct computation through cost, fee, status, order and line changes', async () => {
    const { shop, t, companyId, ofType } = await accountingShop(app, database, 0);
    const actor = { tenantId: t, userId: shop.tenant.ownerId, timeZone: 'Africa/Algiers', seesAll: true };
    // Orders 0..5: odd ones in wilaya 16, even ones in 31; order 0 and 5 also carry two shirts (S).
    const ids = await createVariedOrders(shop, 6, () => ({ quantity: 1 }));
    const sqlIn = (statement: ReturnType<typeof sql>) => withTenant(db, t, (tx) => tx.execute(statement));
    await sqlIn(sql`update products set cost_price = 1000 where tenant_id = ${t} and id = ${shop.watch.id}`);
    await sqlIn(sql`update product_variants set cost_price = 600 where tenant_id = ${t}`);

    let minutes = 60;
    const setStatus = (orderId: number, type: TStatusType) =>
      withTenant(db, t, async (tx) => {
        const at = new Date(Date.now() - (minutes -= 1) * 60_000).toISOString();
        await tx.execute(sql`update orders set status_id = ${ofType(type)}, status_type = ${type},
                               shipping_company_id = ${companyId}, updated_at = now()
                             where tenant_id = ${t} and id = ${orderId}`);
        await tx.execute(sql`insert into fulfillment_statuses (tenant_id, order_id, status_id, description, created_at)
                             values (${t}, ${orderId}, ${ofType(type)}, ${type}, ${at})`);
      });
    const fold = () => sqlIn(sql`select app_analytics_fold(${t})`);
    const noted = async () =>
      (await rows<{ n: number }>(db, sql`select count(*)::int as n from analytics_dirty where tenant_id = ${t}`))[0]!.n;
    const moneyRow = async (orderId: number) =>
      (
        await withTenant(db, t, (tx) =>
          rows<{ delivered: boolean; is_stopdesk: boolean; line_quantities: number[] }>(
            tx,
            sql`select delivered, is_stopdesk, line_quantities from analytics_order_money
                where tenant_id = ${t} and order_id = ${orderId}`,
          ),
        )
      )[0] ?? null;
    /** The report read from the money rows, after checking it equals the direct computation. */
    const checked = async (step: string): Promise<TAccountingReport> => {
      let report: TAccountingReport | null = null;
      for (const filter of [{}, { product: String(shop.watch.id) }, { wilaya: '16' }, { carrier: String(companyId) }]) {
        const query = ZAnalyticsQuery.parse({ date: 'last_7_days', ...filter });
        const stored = await accountingReport({ db }, actor, query, new Date(), 'stored');
        expect(stored, `${step} ${JSON.stringify(filter)}`).toEqual(
          await accountingReport({ db }, actor, query, new Date(), 'computed'),
        );
        report ??= stored;
      }
      return report!;
    };

    for (const i of [0, 1, 2, 3]) await setStatus(ids[i]!, 'delivered');
    await setStatus(ids[4]!, 'returned');
    await checked('pending deliveries');
    await fold();
    expect(await noted()).toBe(0);
    const base = await checked('folded');
    expect(base.totals.delivered_n).toBe(4);
    expect(base.totals.returned_n).toBe(1);
    expect(await moneyRow(ids[5]!)).toBeNull(); // not finished: no money row

    // A cost price notes the delivered orders it prices: four watches delivered (one each in orders
    // 0..3), +100 DA each, shown before the fold and after it.
    const notedOrders = async () =>
      (
        await rows<{ id: number }>(
          db,
          sql`select distinct order_id as id from analytics_dirty where tenant_id = ${t} order by 1`,
        )
      ).map((r) => r.id);
    await sqlIn(sql`update products set cost_price = 1100 where tenant_id = ${t} and id = ${shop.watch.id}`);
    expect(await notedOrders()).toEqual(ids.slice(0, 4));
    const costlier = await checked('watch cost price');
    await fold();
    expect(await checked('watch cost price folded')).toEqual(costlier);
    expect(costlier.totals.product_cost_centimes - base.totals.product_cost_centimes).toBe(4 * 10_000);
    // A variant's cost price: order 0's two shirts (order 5's are not delivered), +50 DA each.
    await sqlIn(sql`update product_variants set cost_price = 650 where tenant_id = ${t}`);
    expect(await notedOrders()).toEqual([ids[0]]);
    const variant = await checked('variant cost price');
    await fold();
    expect(variant.totals.product_cost_centimes - costlier.totals.product_cost_centimes).toBe(2 * 5_000);
    // A purchase prices only the lines of products without a cost price: none here.
    const [provider] = await withTenant(db, t, (tx) =>
      rows<{ id: number }>(tx, sql`insert into providers (tenant_id, name) values (${t}, 'Fournisseur') returning id`),
    );
    await sqlIn(sql`insert into stock_movements (tenant_id, product_id, kind, quantity, on_hand_delta, reserved_delta,
                      on_hand_after, reserved_after, unit_cost, provider_id)
                    values (${t}, ${shop.watch.id}, 'purchase', 1, 0, 0, 0, 0, 999, ${provider!.id})`);
    expect(await noted()).toBe(0);

    // The fee grid: wilaya 16's home and stop-desk fee (orders 1 and 3 delivered there), wilaya 31's
    // return fee (order 4 returned there).
    await sqlIn(sql`update shipping_fees set home_fee = home_fee + 50, stopdesk_fee = stopdesk_fee + 50
                    where tenant_id = ${t} and shipping_company_id = ${companyId} and state_id = 16`);
    await sqlIn(sql`update shipping_fees set return_fee = 300
                    where tenant_id = ${t} and shipping_company_id = ${companyId} and state_id = 31`);
    expect(await noted()).toBeGreaterThan(0);
    const fees = await checked('fee grid');
    await fold();
    expect(await checked('fee grid folded')).toEqual(fees);
    expect(fees.totals.carrier_fee_centimes - variant.totals.carrier_fee_centimes).toBe(2 * 5_000);
    expect(fees.totals.return_fee_centimes - variant.totals.return_fee_centimes).toBe(5_000);

    // A return: order 1 delivered, then returned; pending, then folded.
    await setStatus(ids[1]!, 'returned');
    expect(await noted()).toBeGreaterThan(0);
    await checked('return pending');
    await fold();
    const returned = await checked('return folded');
    expect(returned.totals.delivered_n).toBe(3);
    expect(returned.totals.returned_n).toBe(2);
    expect((await moneyRow(ids[1]!))?.delivered).toBe(false);

    // A re-dispatch: order 4 (returned) goes back out: no longer finished, its row goes; delivered
    // again, it comes back as delivered.
    await setStatus(ids[4]!, 'inDispatch');
    await checked('re-dispatch pending');
    await fold();
    const redispatched = await checked('re-dispatch folded');
    expect(redispatched.totals.returned_n).toBe(1);
    expect(await moneyRow(ids[4]!)).toBeNull();
    await setStatus(ids[4]!, 'delivered');
    await fold();
    const redelivered = await checked('delivered again');
    expect(redelivered.totals.delivered_n).toBe(4);
    expect((await moneyRow(ids[4]!))?.delivered).toBe(true);

    // The order's fee columns (not read by the facts): the change is noted by its own trigger.
    await sqlIn(sql`update orders set is_stopdesk = not is_stopdesk, delivery_price = delivery_price + 100
                    where tenant_id = ${t} and id = ${ids[3]!}`);
    expect(await noted()).toBeGreaterThan(0);
    const before = (await moneyRow(ids[3]!))!.is_stopdesk;
    await checked('fee columns pending');
    await fold();
    await checked('fee columns folded');
    expect((await moneyRow(ids[3]!))!.is_stopdesk).toBe(!before);

    // A line's quantity (the facts' products do not change, the cost does).
    await sqlIn(sql`update order_lines set quantity = 3 where tenant_id = ${t} and order_id = ${ids[2]!}`);
    await checked('line pending');
    await fold();
    const lines = await checked('line folded');
    expect((await moneyRow(ids[2]!))!.line_quantities).toEqual([3]);
    expect(lines.totals.product_cost_centimes - redelivered.totals.product_cost_centimes).toBe(2 * 110_000);

    // Without a cost price the watch is priced from its latest purchase: a purchase notes its orders.
    await sqlIn(sql`update products set cost_price = null where tenant_id = ${t} and id = ${shop.watch.id}`);
    await fold();
    await sqlIn(sql`insert into stock_movements (tenant_id, product_id, kind, quantity, on_hand_delta, reserved_delta,
                      on_hand_after, reserved_after, unit_cost, provider_id)
                    values (${t}, ${shop.watch.id}, 'purchase', 1, 0, 0, 0, 0, 1234, ${provider!.id})`);
    expect((await notedOrders()).length).toBe(4);
    const purchased = await checked('purchase pending');
    await fold();
    expect(await checked('purchase folded')).toEqual(purchased);
    expect(purchased.totals.product_cost_centimes).not.toBe(lines.totals.product_cost_centimes);

    // A commission line notes its order.
    await sqlIn(sql`insert into agent_commissions (tenant_id, order_id, agent_id, kind, rule_on, amount_centimes, occurred_at)
                    values (${t}, ${ids[2]!}, ${shop.tenant.ownerId}, 'earned', 'delivered', 7500, now())`);
    expect(await notedOrders()).toEqual([ids[2]]);
    const commissioned = await checked('commission pending');
    await fold();
    expect(await checked('commission folded')).toEqual(commissioned);
    expect(commissioned.totals.commission_centimes - purchased.totals.commission_centimes).toBe(7_500);

    // The rebuild writes the same rows, parts and rollups the fold kept.
    const kept = async () =>
      withTenant(db, t, async (tx) => ({
        parts: await rows(
          tx,
          sql`select * from analytics_money_parts where tenant_id = ${t} order by order_id, kind, day, pool, agent_key`,
        ),
        rollups: await rows(
          tx,
          sql`select * from analytics_money_rollups where tenant_id = ${t}
                and (revenue, product_cost, carrier_fee, return_fee, commission, delivered_n, returned_n) <> (0, 0, 0, 0, 0, 0, 0)
              order by fk, fv, day, ok, ov`,
        ),
        counts: await rows(
          tx,
          sql`select * from analytics_money_pool_counts where tenant_id = ${t} and n <> 0 order by fk, fv, day, pool, ok, ov`,
        ),
      }));
    const keptParts = await kept();
    expect(keptParts.parts.length).toBeGreaterThan(6);
    expect(keptParts.rollups.length).toBeGreaterThan(0);
    await sqlIn(sql`select app_analytics_rebuild(${t})`);
    expect(await kept()).toEqual(keptParts);
    expect(await checked('rebuilt parts')).toEqual(commissioned);

    const allRows = () =>
      withTenant(db, t, (tx) =>
        rows(tx, sql`select * from analytics_order_money where tenant_id = ${t} order by order_id`),
      );
    const keptRows = await allRows();
    expect(keptRows).toHaveLength(5);
    await sqlIn(sql`select app_analytics_rebuild(${t})`);
    expect(await allRows()).toEqual(keptRows);
  }, 180_000);
});
