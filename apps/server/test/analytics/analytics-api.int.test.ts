import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TAnalyticsReport } from '@cod/shared';
import { withTenant } from '../../src/db/tenant-context.js';
import { openTestApp } from '../support/test-db.js';
import { agentOf, createOrder, orderBody, shopWithCatalogue } from '../orders/orders-support.js';

const { app, database } = await openTestApp();

describe('GET /dashboard/analytics/report (docs/decisions/0080)', () => {
  it('counts today’s orders and confirmations, with breakdowns, scoped for agents, 422 on bad input', async () => {
    const shop = await shopWithCatalogue(app, database);
    const agent = await agentOf(app, database, shop, 'Agent Rapport');
    const mine = await createOrder(shop.api, orderBody(shop, { agent_id: agent.id, sales_source: 'facebook' }));
    const other = await createOrder(shop.api, orderBody(shop, { sales_source: 'tiktok', state_id: 31, city_id: 3101 }));
    const confirm = await shop.api.patch(`/dashboard/orders/${mine.id}/status`, { status: shop.status.confirmed });
    expect(confirm.statusCode, confirm.body).toBe(200);

    const report = (
      await shop.api.get('/dashboard/analytics/report?date=today&breakdown=source')
    ).json() as TAnalyticsReport;
    expect(report.totals.created?.n).toBe(2);
    expect(report.totals.confirmed?.n).toBe(1);
    expect(report.previousTotals?.created?.n ?? 0).toBe(0);
    expect(report.breakdown?.rows.map((r) => r.key).sort()).toEqual(['facebook', 'tiktok']);
    const byWilaya = (
      await shop.api.get('/dashboard/analytics/report?date=today&breakdown=wilaya&source=tiktok')
    ).json();
    expect(byWilaya.breakdown.rows).toMatchObject([{ key: '31', label: 'Oran' }]);
    const slow = (
      await shop.api.get('/dashboard/analytics/report?date=today&source=facebook&wilaya=16&breakdown=agent')
    ).json() as TAnalyticsReport;
    expect(slow.slowPath).toBe(true);
    expect(slow.breakdown?.rows).toMatchObject([{ key: String(agent.id), label: 'Agent Rapport' }]);

    // Breakdowns without a filter only (docs/decisions/0111): the cancellation reason, the commune.
    const cancel = await shop.api.patch(`/dashboard/orders/${other.id}/status`, { status: shop.status.cancelled });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const reasons = (
      await shop.api.get('/dashboard/analytics/report?date=today&breakdown=reason')
    ).json() as TAnalyticsReport;
    expect(reasons.breakdown?.rows).toMatchObject([
      { key: String(shop.status.cancelled), metrics: { cancelled: { n: 1 } } },
    ]);
    expect(reasons.breakdown?.rows[0]?.label).not.toBe(String(shop.status.cancelled));
    // Handed to a carrier (as the carrier sync writes it: the order and its history, one transaction).
    await withTenant(database.db, shop.tenant.id, async (tx) => {
      await tx.execute(sql`update orders set status_id = ${shop.status.out_for_delivery!}, status_type = 'follow-up'
                           where tenant_id = ${shop.tenant.id} and id = ${mine.id}`);
      await tx.execute(sql`insert into fulfillment_statuses (tenant_id, order_id, status_id)
                           values (${shop.tenant.id}, ${mine.id}, ${shop.status.out_for_delivery!})`);
    });
    const communes = (
      await shop.api.get('/dashboard/analytics/report?date=today&breakdown=commune')
    ).json() as TAnalyticsReport;
    expect(communes.breakdown?.rows).toMatchObject([{ metrics: { dispatched: { n: 1 } } }]);
    expect(communes.breakdown?.rows[0]?.label).toMatch(/\p{L}/u);
    const filtered = (
      await shop.api.get('/dashboard/analytics/report?date=today&breakdown=commune&source=tiktok')
    ).json() as TAnalyticsReport;
    expect(filtered.breakdown?.rows).toEqual([]);

    // A Support Agent sees their own orders only, whatever agent they ask for.
    const own = (await agent.api.get(`/dashboard/analytics/report?date=today&agent=${shop.tenant.ownerId}`)).json();
    expect(own.totals.created?.n).toBe(1);

    const bad = await shop.api.get('/dashboard/analytics/report?date=custom&start=2025-03-05&end=2025-03-01');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toContain('end');
    expect((await shop.api.get('/dashboard/analytics/report?breakdown=colour')).statusCode).toBe(422);
  });

  it('exports a chart table as XLSX and refuses a malformed one', async () => {
    const shop = await shopWithCatalogue(app, database);
    const file = await shop.api.post('/dashboard/analytics/export', {
      name: 'by_source',
      columns: ['Source', 'Orders'],
      rows: [
        ['facebook', 3],
        ['=HYPERLINK("x")', null],
      ],
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const bad = await shop.api.post('/dashboard/analytics/export', { name: '', columns: [], rows: 'x' });
    expect(bad.statusCode).toBe(422);
  });
});
