import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAccountingReport, TAgentCommissionsReport } from '@cod/shared';
import { startCarrierSandbox, type TCarrierSandbox } from '../../src/carriers/sandbox/index.js';
import { readSandboxSnapshot, sandboxStateFile } from '../../src/carriers/sandbox/persist.js';
import { openDatabase, rows, type Database } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { DEMO_PASSWORD, seedDemo } from '../../src/db/seed/demo.js';
import { syncReferenceData } from '../../src/db/seed/reference-data.js';
import { withSystem } from '../../src/db/tenant-context.js';
import { buildApp, type TApp } from '../../src/http/app.js';
import { attachCarrierSandbox, setCarrierSandboxUrl } from '../../src/modules/shipping-companies/carrier-runtime.js';
import { testConfig } from '../support/test-db.js';

/**
 * Issue 12.3 / decision 0051: the demo seed dispatches, validates and tracks its parcels through
 * the shipping use cases against a carrier sandbox, so every demo order stands where the product
 * could have put it, and the sandbox's state is kept in the data folder for the next start.
 * The demo shop is one per database: this file seeds its own embedded database.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cod-demo-seed-'));
const config = testConfig({ DATA_DIR: dataDir, CARRIER_SECRET_KEY: crypto.randomBytes(32).toString('base64') });
let database: Database;
let seedSeconds = 0;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await migrate(database);
  await syncReferenceData(database.db);
  const started = performance.now();
  await seedDemo(database.db, config);
  seedSeconds = (performance.now() - started) / 1000;
}, 1_800_000);
afterAll(async () => {
  setCarrierSandboxUrl(null);
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface TShipped {
  id: number;
  status_type: string;
  tracking_number: string | null;
  shipment_tracking: string | null;
  shipment_status: string | null;
  company: string | null;
  events: number;
}

const shippedOrders = () =>
  withSystem(database.db, (tx) =>
    rows<TShipped>(
      tx,
      sql`select o.id, o.status_type, o.tracking_number, s.tracking_number as shipment_tracking, s.status as shipment_status,
            c.code as company,
            (select count(*)::int from shipment_statuses e where e.tenant_id = s.tenant_id and e.shipment_id = s.id) as events
          from orders o join tenants t on t.id = o.tenant_id and t.cq_name = 'demo'
          left join shipments s on s.tenant_id = o.tenant_id and s.order_id = o.id and s.active
          left join shipping_companies c on c.tenant_id = s.tenant_id and c.id = s.shipping_company_id
          where o.deleted_at is null and o.status_type in ('inDispatch', 'follow-up', 'delivered', 'returned')
          order by o.id`,
    ),
  );

describe('the demo seed (issue 12.3)', () => {
  it(
    'gives every dispatched, delivering, delivered and returned order its parcel and history',
    { timeout: 120_000 },
    async () => {
      console.info(`demo seed: ${seedSeconds.toFixed(1)} s`);
      const orders = await shippedOrders();
      const byType = (type: string) => orders.filter((o) => o.status_type === type);
      for (const type of ['inDispatch', 'follow-up', 'delivered', 'returned'])
        expect(byType(type).length, `${type}: ${JSON.stringify(orders.length)} shipped orders`).toBeGreaterThan(0);
      for (const order of orders) {
        expect(order.shipment_tracking, `order ${order.id} (${order.status_type})`).toBeTruthy();
        expect(order.tracking_number).toBe(order.shipment_tracking);
      }
      // The carrier's history came back through the status poll: delivered means the carrier said so.
      for (const order of byType('delivered')) {
        expect(order.shipment_status).toBe('delivered');
        expect(order.events).toBeGreaterThan(2);
      }
      for (const order of byType('returned')) expect(order.events).toBeGreaterThan(2);
      // Nothing the seed wrote is dated after now (the rows are dated at their sandbox day).
      const [future] = await withSystem(database.db, (tx) =>
        rows<{ n: number }>(
          tx,
          sql`select (select count(*) from fulfillment_statuses where created_at > now() + interval '1 minute')::int
              + (select count(*) from shipment_statuses where occurred_at > now() + interval '1 minute')::int as n`,
        ),
      );
      expect(future!.n).toBe(0);
    },
  );

  it(
    "gives the accounting view a shop's money: ad spend, carrier and return fees, commissions (issue 14.2)",
    { timeout: 120_000 },
    async () => {
      const { app }: TApp = await buildApp(config, database);
      try {
        const login = await app.inject({
          method: 'POST',
          url: '/login',
          payload: { email: 'owner@demo.dz', password: DEMO_PASSWORD },
        });
        const headers = { authorization: `Bearer ${login.json().accessToken}` };
        const get = async <T>(url: string) => {
          const answer = await app.inject({ method: 'GET', url, headers });
          expect(answer.statusCode, url).toBe(200);
          return answer.json() as T;
        };
        const money = await get<TAccountingReport>('/dashboard/analytics/accounting?date=last_90_days');
        const t = money.totals;
        for (const part of [
          'revenue_centimes',
          'product_cost_centimes',
          'ad_spend_centimes',
          'carrier_fee_centimes',
          'return_fee_centimes',
          'commission_centimes',
        ] as const)
          expect(t[part], part).toBeGreaterThan(0);
        // A shop that earns: the costs are a part of the revenue, each ad dinar brings several back.
        expect(t.profit_centimes).toBeGreaterThan(0);
        expect(t.profit_centimes).toBeLessThan(t.revenue_centimes);
        expect(t.cost_per_delivered_centimes).toBeGreaterThan(0);
        expect(t.roas).toBeGreaterThan(1);
        // Spread over the period, on the days they happened (not all on the day of the seed).
        const daysWith = (part: 'ad_spend_centimes' | 'commission_centimes' | 'return_fee_centimes') =>
          money.days.filter((d) => d[part] > 0).length;
        // (The demo dispatches in 9-day hand-overs, so parcels come back on a dozen days or so.)
        expect(daysWith('ad_spend_centimes')).toBeGreaterThan(60);
        expect(daysWith('commission_centimes')).toBeGreaterThan(20);
        expect(daysWith('return_fee_centimes')).toBeGreaterThan(5);
        // Every demo campaign bought ads.
        expect(money.byCampaign.filter((c) => c.key !== '-' && c.ad_spend_centimes > 0).length).toBe(4);
        // Each agent with a commission rule earned some; returns took some back.
        const commissions = await get<TAgentCommissionsReport>('/dashboard/analytics/commissions?date=last_90_days');
        expect(commissions.rows.filter((r) => r.net_centimes > 0).length).toBeGreaterThanOrEqual(4);
        expect(commissions.rows.some((r) => r.reversed_centimes !== 0)).toBe(true);
      } finally {
        await app.close();
      }
    },
  );

  it(
    'validates seeded In dispatch orders against a sandbox restarted from the data folder',
    { timeout: 300_000 },
    async () => {
      const snapshot = await readSandboxSnapshot(sandboxStateFile(dataDir));
      expect(snapshot?.store.parcels.length).toBeGreaterThan(100);
      // What `npm start` does after a restart (modules/shipping/background.ts).
      const sandbox: TCarrierSandbox = await startCarrierSandbox({ restore: snapshot! });
      try {
        await attachCarrierSandbox(database.db, sandbox.url);
        const { app }: TApp = await buildApp(config, database);
        try {
          const login = await app.inject({
            method: 'POST',
            url: '/login',
            payload: { email: 'owner@demo.dz', password: DEMO_PASSWORD },
          });
          expect(login.statusCode).toBe(200);
          const headers = { authorization: `Bearer ${login.json().accessToken}` };
          const waiting = (await shippedOrders()).filter((o) => o.status_type === 'inDispatch');
          // One of each carrier family: EcoTrack and NOEST are asked to validate, the others are not.
          const picked = [...new Map(waiting.map((o) => [o.company, o])).values()];
          expect(picked.map((o) => o.company)).toEqual(expect.arrayContaining(['dhd', 'noest', 'yalidine']));
          const timeline = await app.inject({
            method: 'GET',
            url: `/orders/${picked[0]!.id}/shipment-timeline`,
            headers,
          });
          expect(timeline.json().order.current_shipment.tracking_number).toBe(picked[0]!.tracking_number);
          const validate = await app.inject({
            method: 'POST',
            url: '/dashboard/orders/validate-dispatched',
            headers,
            payload: { order_ids: picked.map((o) => o.id) },
          });
          expect(validate.statusCode).toBe(200);
          expect(validate.json().errors).toEqual([]);
          expect([...validate.json().validated].sort()).toEqual(picked.map((o) => o.id).sort());
          for (const order of picked.filter((o) => o.company === 'dhd' || o.company === 'noest')) {
            expect(sandbox.store.parcels.find((p) => p.tracking === order.tracking_number)?.validated).toBe(true);
          }
        } finally {
          await app.close();
        }
      } finally {
        setCarrierSandboxUrl(null);
        await sandbox.close();
      }
    },
  );
});
