// `BENCH_OLD_DIR=<worktree> npm run bench:load` (issues 12.10 and 16.2): two commits side by side in
// one run. bench-load.ts seeds the database; this starts this tree's server and the older commit's
// server (its own worktree and node_modules) on that same database, and measures the read scenarios
// (calibration, Orders list, phone and name search) on both, one right after the other at every
// step (who goes first alternates), so both see the same data and the same machine load. Writes
// are left out: the older code may not write the newer schema, and they would change the data
// between the two servers' turns. It also prints the Orders page's size on both (raw and gzip).
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { ONLY, prepareShop, run, scenarios, startServer, stopServer } from './bench-load.js';
import { BENCH_PASSWORD, log } from './bench-support.js';
import { logLoadAverageAtEnd, logMachine, runSideBySide } from './bench-load-report.js';

const OWNER = 'owner@bench-load.dz';
const READ_SCENARIOS = ['calibration', 'orders list', 'search by phone', 'search by full name'];

async function bearerOf(baseUrl: string): Promise<{ authorization: string }> {
  const response = await fetch(`${baseUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: OWNER, password: BENCH_PASSWORD }),
  });
  const body = (await response.json()) as { accessToken?: string };
  if (!response.ok || !body.accessToken) throw new Error(`login on ${baseUrl}: ${response.status}`);
  return { authorization: `Bearer ${body.accessToken}` };
}

/** The bytes of an answer as the server sends them without compression, and gzipped (level 6). */
async function pageSize(baseUrl: string, auth: { authorization: string }, url: string) {
  const response = await fetch(`${baseUrl}${url}`, { headers: { ...auth, 'accept-encoding': 'identity' } });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url} on ${baseUrl}: ${response.status}`);
  const raw = Buffer.byteLength(text);
  return {
    raw,
    gzip: zlib.gzipSync(text).length,
    rows: ((JSON.parse(text) as { data?: unknown[] }).data ?? []).length,
  };
}

const commitOf = (dir: string) => {
  try {
    const head = execFileSync('git', ['-C', dir, 'log', '-1', '--format=%h %s'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['-C', dir, 'status', '--porcelain'], { encoding: 'utf8' }).trim();
    return dirty ? `${head} + uncommitted changes` : head;
  } catch {
    return 'unknown commit';
  }
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function compareServers(options: {
  url: string;
  oldDir: string;
  seconds: number;
  connections: number[];
  orders: number;
  seededIn: number;
}): Promise<void> {
  const started = performance.now();
  const repo = path.resolve(import.meta.dirname, '../../..');
  if (!fs.existsSync(path.join(options.oldDir, 'apps/server/src/main.ts'))) {
    throw new Error(`BENCH_OLD_DIR=${options.oldDir} is not a worktree of this repository`);
  }
  // The newer server first: it migrates the database; the older one finds its migrations applied.
  const fresh = await startServer(options.url);
  const old = await startServer(options.url, options.oldDir).catch(async (error: unknown) => {
    await stopServer(fresh.child);
    throw error;
  });
  const servers = [
    { label: 'old', baseUrl: old.baseUrl, commit: commitOf(options.oldDir), server: old },
    { label: 'new', baseUrl: fresh.baseUrl, commit: commitOf(repo), server: fresh },
  ];
  try {
    const shop = await prepareShop(fresh.baseUrl);
    const auths = new Map([
      ['old', await bearerOf(old.baseUrl)],
      ['new', shop.auth],
    ]);
    const sizes = [];
    for (const [what, url] of [
      ['All tab, page 1 of 25 rows', '/dashboard/orders?tab=all&page=1'],
      ['Delivered tab, page 3 of 25 rows', '/dashboard/orders?tab=delivered&page=3'],
      ['All tab, 100 rows', '/dashboard/orders?tab=all&page=2&per_page=100'],
    ] as const) {
      sizes.push({
        what,
        old: await pageSize(old.baseUrl, auths.get('old')!, url),
        new: await pageSize(fresh.baseUrl, auths.get('new')!, url),
      });
    }
    // BENCH_SCENARIOS picks others (intake: both servers write, each its own orders).
    const list = scenarios(shop).filter((s) =>
      ONLY
        ? s.name.startsWith('calibration') || ONLY.some((word) => s.name.toLowerCase().includes(word))
        : READ_SCENARIOS.some((name) => s.name.startsWith(name)),
    );
    const { find, eachStep } = await runSideBySide(
      servers,
      list,
      options.connections,
      (server, scenario, connections) => run(server.baseUrl, { auth: auths.get(server.label)! }, scenario, connections),
    );
    log(`\nbench:load, two commits side by side (BENCH_OLD_DIR), ${new Date().toISOString()}`);
    for (const s of servers) log(`${s.label}: ${s.commit} (${s.baseUrl})`);
    logMachine();
    log(
      `data: ${options.orders.toLocaleString('en')} orders in one shop on PostgreSQL, seeded in ${options.seededIn.toFixed(0)} s`,
    );
    log(`autocannon, ${options.seconds} s per run, old and new one right after the other at each step\n`);
    log('Orders page size (JSON as sent without compression; gzip level 6 of the same bytes):\n');
    log('| page | old | new | old gzip | new gzip |');
    log('| --- | ---: | ---: | ---: | ---: |');
    for (const s of sizes) {
      log(`| ${s.what} | ${kb(s.old.raw)} | ${kb(s.new.raw)} | ${kb(s.old.gzip)} | ${kb(s.new.gzip)} |`);
    }
    log(
      '\n| scenario | conns | old rps | new rps | new / old | old p95 ms | new p95 ms | old calib. ratio | new calib. ratio | failed old/new | load avg |',
    );
    log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    eachStep((scenario, connections, o, n) => {
      const oc = find('old', list[0]!.name, connections)?.rps ?? NaN;
      const nc = find('new', list[0]!.name, connections)?.rps ?? NaN;
      log(
        `| ${scenario.name} | ${connections} | ${o.rps.toFixed(1)} | ${n.rps.toFixed(1)} | ${(n.rps / o.rps).toFixed(2)}x | ${o.p95.toFixed(1)} | ${n.p95.toFixed(1)} | ${(o.rps / oc).toFixed(4)} | ${(n.rps / nc).toFixed(4)} | ${o.failed}/${n.failed} | ${n.load.toFixed(2)} |`,
      );
    });
    logLoadAverageAtEnd();
    log(`compare ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    for (const s of servers) {
      await stopServer(s.server.child);
      fs.rmSync(s.server.dataDir, { recursive: true, force: true });
    }
  }
}
