// `npm run bench:shipping` (issue 5): a 500-order bulk dispatch through the real route against the
// carrier sandbox (the Yalidine adapter at its published pace, 5/s and 50/min), in orders per
// second; then parcel label PDF time per order (our own A6 label: one 500-label PDF, and one-label
// PDFs through the signed ticket link). Targets: dispatch of 500 under 20 s, under 50 ms per label.
// Embedded PGlite by default (what `npm start` runs); BENCH_DATABASE_URL=postgres://... for PostgreSQL.
import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { SANDBOX_CREDENTIALS, startCarrierSandbox } from '../src/carriers/sandbox/index.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, rows } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { syncReferenceData } from '../src/db/seed/reference-data.js';
import { writeParcelLabels, type TParcelLabel } from '../src/documents/parcel-label.js';
import { buildApp } from '../src/http/app.js';
import { createTenant } from '../src/modules/tenants/tenants.service.js';

const ORDERS = Number(process.env.BENCH_SHIPPING_ORDERS ?? 500);
const SINGLE_LABELS = 50;
const TARGETS = { dispatchSeconds: 20, labelMs: 50 };
const PASSWORD = 'bench-password-123';
const log = (line: string) => console.log(line);

async function main(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(url ? { databaseUrl: url, poolSize: 10 } : { dataDir: 'memory://' });
  await migrate(database);
  await syncReferenceData(database.db);
  const sandbox = await startCarrierSandbox();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    // The sandbox listens on loopback (docs/decisions/0037).
    OUTBOUND_ALLOW_PRIVATE: 'true',
    CARRIER_SECRET_KEY: crypto.randomBytes(32).toString('base64'),
  });
  const { app } = await buildApp(config, database);
  try {
    const cq = `bench-ship-${crypto.randomBytes(3).toString('hex')}`;
    const email = `${cq}@bench.dz`;
    await createTenant(database.db, { cq_name: cq, owner_email: email, owner_name: 'Bench', owner_password: PASSWORD });
    const login = await app.inject({ method: 'POST', url: '/login', payload: { email, password: PASSWORD } });
    const headers = { authorization: `Bearer ${login.json().accessToken as string}` };
    const call = async (method: 'GET' | 'POST', path: string, payload?: object) => {
      const response = await app.inject({ method, url: path, headers, ...(payload ? { payload } : {}) });
      if (response.statusCode >= 400) throw new Error(`${method} ${path}: ${response.statusCode} ${response.body}`);
      return response;
    };

    const product = (
      await call('POST', '/dashboard/products', {
        name: 'Parfum Oud',
        sku: `B-${cq}`,
        price: 3000,
        initial_stock: 100_000,
      })
    ).json() as { id: number };
    const company = (
      await call('POST', '/dashboard/shipping-companies', {
        kind: 'yalidine',
        code: 'yalidine',
        name: 'Yalidine',
        base_url: sandbox.baseUrlFor('yalidine'),
        credentials: SANDBOX_CREDENTIALS.yalidine,
      })
    ).json().data as { id: number };
    const manual = (
      await call('POST', '/dashboard/shipping-companies', { kind: 'manual', code: 'own-drivers', name: 'Own drivers' })
    ).json().data as { id: number };

    log(`Creating ${ORDERS} confirmed orders through POST /dashboard/orders ...`);
    const statuses = (await call('GET', '/dashboard/statuses')).json().data as Array<{ id: number; name: string }>;
    const confirmed = statuses.find((s) => s.name === 'confirmed')!.id;
    const ids: number[] = [];
    for (let i = 0; i < ORDERS; i += 1) {
      const order = await call('POST', '/dashboard/orders', {
        customer_full_name: i % 3 === 0 ? 'محمد أمين بن علي' : `Client ${i} Benali`,
        customer_phone_1: `0555${String(100000 + i).slice(-6)}`,
        state_id: 16,
        city_id: 1601,
        customer_address: `${i} rue Didouche Mourad`,
        products: [{ product_id: product.id, quantity: 1 + (i % 2) }],
      });
      ids.push(order.json().data.id as number);
    }
    for (let i = 0; i < ids.length; i += 500) {
      await call('POST', '/dashboard/orders/bulk-status-update', {
        status: confirmed,
        order_ids: ids.slice(i, i + 500),
      });
    }

    const started = performance.now();
    const dispatched = (
      await call('POST', '/dashboard/orders/dispatch', { shipping_company_id: company.id, order_ids: ids })
    ).json() as { dispatch_success: unknown[]; dispatch_errors: unknown[] };
    const seconds = (performance.now() - started) / 1000;
    const ok = dispatched.dispatch_success.length;
    log(
      `Dispatch of ${ORDERS} orders (Yalidine sandbox, batches of 50): ${seconds.toFixed(2)} s, ` +
        `${(ok / seconds).toFixed(0)} orders/s, ${ok} dispatched, ${dispatched.dispatch_errors.length} errors ` +
        `(target < ${TARGETS.dispatchSeconds} s: ${seconds < TARGETS.dispatchSeconds && ok === ORDERS ? 'met' : 'MISSED'})`,
    );

    // Labels: our own A6 label (decision 0021), as printed for carriers without one.
    const sample = await rows<{ order_number: number; tracking_number: string; total: number }>(
      database.db,
      sql`select order_number, tracking_number, total::float8 as total from orders
          where id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) order by id`,
    );
    const labels: TParcelLabel[] = sample.map((o, i) => ({
      orderNumber: String(o.order_number),
      trackingNumber: o.tracking_number,
      carrierName: 'Yalidine',
      sender: { name: 'Bench shop', phone: '0555000000' },
      receiver: {
        name: i % 3 === 0 ? 'محمد أمين بن علي' : `Client ${i} Benali`,
        phone: '0555123456',
        address: 'Rue Didouche Mourad',
      },
      wilaya: { code: '16', name: 'Alger', nameAr: 'الجزائر' },
      commune: { name: 'Alger Centre', nameAr: 'الجزائر الوسطى' },
      codAmount: o.total,
      contents: '1 × Parfum Oud',
    }));
    const sink = () => new Writable({ write: (_c, _e, done) => done() });
    const batchStart = performance.now();
    await writeParcelLabels({ stream: sink(), labels });
    const perLabelBatch = (performance.now() - batchStart) / labels.length;

    // One-label PDFs through the real route: manual-carrier orders, signed link, GET.
    const single: number[] = [];
    const fresh: number[] = [];
    for (let i = 0; i < SINGLE_LABELS; i += 1) {
      const order = await call('POST', '/dashboard/orders', {
        customer_full_name: 'محمد أمين بن علي',
        customer_phone_1: `0666${String(200000 + i).slice(-6)}`,
        state_id: 31,
        city_id: 3101,
        products: [{ product_id: product.id, quantity: 1 }],
      });
      fresh.push(order.json().data.id as number);
    }
    await call('POST', '/dashboard/orders/bulk-status-update', { status: confirmed, order_ids: fresh });
    await call('POST', '/dashboard/orders/dispatch', { shipping_company_id: manual.id, order_ids: fresh });
    const tickets = (await call('POST', '/dashboard/orders/view-parcel-tickets', { order_ids: fresh })).json() as {
      results: Array<{ parcel_ticket_url: string }>;
    };
    for (const ticket of tickets.results) {
      const t0 = performance.now();
      const pdf = await app.inject({ method: 'GET', url: ticket.parcel_ticket_url });
      if (pdf.statusCode !== 200 || !pdf.rawPayload.subarray(0, 5).equals(Buffer.from('%PDF-'))) {
        throw new Error(`ticket: ${pdf.statusCode}`);
      }
      single.push(performance.now() - t0);
    }
    single.sort((a, b) => a - b);
    const p50 = single[Math.floor(single.length / 2)]!;
    const p95 = single[Math.min(single.length - 1, Math.ceil(single.length * 0.95) - 1)]!;
    log(
      `Labels: ${perLabelBatch.toFixed(1)} ms per label in one ${labels.length}-label PDF; ` +
        `one-label PDF through the ticket link p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms ` +
        `(target < ${TARGETS.labelMs} ms: ${perLabelBatch < TARGETS.labelMs && p50 < TARGETS.labelMs ? 'met' : 'MISSED'})`,
    );
  } finally {
    await app.close();
    await sandbox.close();
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
