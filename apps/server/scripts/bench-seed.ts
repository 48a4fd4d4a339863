// `node --import tsx apps/server/scripts/bench-seed.ts` (issue 12.3, decision 0096): how long the demo
// seed of the first start takes on the embedded database, the part of `npm start`'s first start
// that is not the build. Seeds a fresh PGlite under a temp DATA_DIR (as `npm start` does;
// BENCH_SEED_MEMORY=1 for an in-memory one), prints the seconds, the orders by status type and the
// parcels, and removes the folder. BENCH_SEED_RUNS (default 1) repeats it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { openDatabase, rows } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { seedDemo } from '../src/db/seed/demo.js';
import { syncReferenceData } from '../src/db/seed/reference-data.js';
import { withSystem } from '../src/db/tenant-context.js';
import { setCarrierSandboxUrl } from '../src/modules/shipping-companies/carrier-runtime.js';
import { log } from './bench-support.js';

const RUNS = Number(process.env.BENCH_SEED_RUNS ?? 1);
const MEMORY = process.env.BENCH_SEED_MEMORY === '1';

async function once(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cod-bench-seed-'));
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: '/nonexistent-web-dist',
      CARRIER_SECRET_KEY: crypto.randomBytes(32).toString('base64'),
    });
    const database = await openDatabase({ dataDir: MEMORY ? 'memory://' : dataDir });
    try {
      const prepared = performance.now();
      await migrate(database);
      await syncReferenceData(database.db);
      const started = performance.now();
      await seedDemo(database.db, config);
      const seeded = performance.now();
      const types = await withSystem(database.db, (tx) =>
        rows<{ type: string; n: number }>(
          tx,
          sql`select o.status_type as type, count(*)::int as n from orders o join tenants t on t.id = o.tenant_id
              where t.cq_name = 'demo' and o.deleted_at is null group by 1 order by 1`,
        ),
      );
      const [parcels] = await withSystem(database.db, (tx) =>
        rows<{ n: number; events: number }>(
          tx,
          sql`select (select count(*) from shipments)::int as n, (select count(*) from shipment_statuses)::int as events`,
        ),
      );
      log(
        `demo seed on ${MEMORY ? 'an in-memory' : 'an on-disk'} PGlite: ${((seeded - started) / 1000).toFixed(1)} s ` +
          `(migrations and reference data before it: ${((started - prepared) / 1000).toFixed(1)} s), load average ${os
            .loadavg()
            .map((l) => l.toFixed(1))
            .join(', ')}`,
      );
      log(
        `  orders: ${types.map((t) => `${t.type} ${t.n}`).join(', ')}; parcels ${parcels!.n}, carrier events ${parcels!.events}`,
      );
    } finally {
      setCarrierSandboxUrl(null);
      await database.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

for (let run = 0; run < RUNS; run++) await once();
