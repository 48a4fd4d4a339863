// `npm run bench:uploads` (the hardening issue, parts 1 and 3): the hostile import files against a
// server started as `npm start` starts it (its own process, --max-old-space-size=256, real HTTP,
// PostgreSQL). For each file, in a fresh server: another shop's orders list is requested without
// pause by 4 clients, first alone (the calibration: its p95 with no upload), then while the file
// is uploaded 5 times in a row. Printed: the time to refusal, the refusal itself, the server's peak
// RSS and the list's p95 during the uploads against the calibration, all from the same run.
// Targets: refusal < 2 s, peak RSS < 400 MB, p95 during the uploads < 2x the calibration.
// BENCH_DATABASE_URL picks the database; by default a fresh cod_bench_uploads on the local server.
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { buildApp } from '../src/http/app.js';
import { startJobs, stopJobs } from '../src/jobs/jobs.js';
import { registerImportWorker } from '../src/modules/imports/import-worker.js';
import { longCsv, sharedStringsBomb, wideCsv } from '../test/imports/support/hostile-files.js';
import { BENCH_PASSWORD, createBenchShop, freshDatabaseUrl, percentile } from './bench-support.js';
import { migratedBenchDatabase, seedBenchDatabase } from './bench-support.js';

const DEFAULT_DB = 'cod_bench_uploads';
const TARGETS = { refusalMs: 2000, peakRssMb: 400, p95Ratio: 2 };
const CLIENTS = 4;
const CALIBRATION_MS = 4000;
const UPLOADS = 5;
const NEIGHBOUR_ORDERS = 20_000;
// The start script's heap cap (scripts/start.mjs): the server runs as in production.
const SERVER_FLAGS = ['--max-old-space-size=256'];
const OWNERS = { uploader: 'owner@bench-uploads.dz', neighbour: 'neighbour@bench-uploads.dz' };
const LIST = '/dashboard/orders?tab=all';

interface THostileFile {
  name: string;
  what: string;
  content: () => Promise<Buffer> | Buffer;
}

const FILES: THostileFile[] = [
  { name: 'bomb.xlsx', what: 'shared-strings bomb, 279 MB of text at ~60:1', content: () => sharedStringsBomb(279) },
  { name: 'wide.csv', what: 'CSV of 100,000 columns', content: () => wideCsv(100_000, 95) },
  { name: 'million.csv', what: 'CSV of 1,000,000 rows', content: () => longCsv(1_000_000) },
];

/** Server mode: the app on a free port, its import worker warm; answers `rss` and `quit` on stdin. */
async function serve(url: string): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-uploads-data-'));
  const database = await openDatabase({ databaseUrl: url, poolSize: 10 });
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: '/nonexistent-web-dist',
  });
  const { app } = await buildApp(config, database);
  await startJobs(database, { pollingIntervalSeconds: 0.2 });
  await registerImportWorker(database.db, { resumeProcessing: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ port: (app.server.address() as { port: number }).port })}\n`);
  process.stdin.on('data', (data: Buffer) => {
    const command = data.toString().trim();
    if (command === 'rss')
      process.stdout.write(`${JSON.stringify({ maxRss: process.resourceUsage().maxRSS * 1024 })}\n`);
    if (command === 'quit') {
      void (async () => {
        await app.close();
        await stopJobs();
        await database.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      })();
    }
  });
}

/** A server process and a line-by-line reader of what it prints. */
class ServerProcess {
  private lines: string[] = [];
  private waiters: Array<(line: string) => void> = [];
  private readonly child: ChildProcess;

  constructor(url: string) {
    const self = fileURLToPath(import.meta.url);
    this.child = spawn(process.execPath, [...SERVER_FLAGS, '--import', 'tsx', self, '--serve', url], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let buffered = '';
    this.child.stdout!.on('data', (data: Buffer) => {
      buffered += data.toString();
      for (let end = buffered.indexOf('\n'); end !== -1; end = buffered.indexOf('\n')) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        const waiter = this.waiters.shift();
        if (waiter) waiter(line);
        else this.lines.push(line);
      }
    });
  }

  next<T>(): Promise<T> {
    const line = this.lines.shift();
    if (line !== undefined) return Promise.resolve(JSON.parse(line) as T);
    return new Promise((resolve) => this.waiters.push((l) => resolve(JSON.parse(l) as T)));
  }

  async peakRss(): Promise<number> {
    this.child.stdin!.write('rss\n');
    return (await this.next<{ maxRss: number }>()).maxRss;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.stdin!.write('quit\n');
    });
  }
}

async function login(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
  return `Bearer ${((await response.json()) as { accessToken: string }).accessToken}`;
}

/** Requests the list from CLIENTS clients without pause while `during` runs; answers the sorted times. */
async function listTimesWhile(base: string, authorization: string, during: () => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  let running = true;
  const client = async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${base}${LIST}`, { headers: { authorization } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`list answered ${response.status}`);
      if (running) times.push(performance.now() - started);
    }
  };
  const clients = Array.from({ length: CLIENTS }, client);
  try {
    await during();
  } finally {
    running = false;
    await Promise.all(clients);
  }
  return times.sort((a, b) => a - b);
}

async function upload(base: string, authorization: string, name: string, content: Buffer) {
  const boundary = `bench-${crypto.randomBytes(6).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const started = performance.now();
  const response = await fetch(`${base}/dashboard/orders/import`, {
    method: 'POST',
    headers: { authorization, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  const body = (await response.json()) as { message?: string };
  return { ms: performance.now() - started, status: response.status, message: body.message ?? '' };
}

async function prepareDatabase(url: string): Promise<void> {
  const database = await migratedBenchDatabase(url, 2);
  await createBenchShop(database, 'bench-uploader', OWNERS.uploader);
  const neighbour = await createBenchShop(database, 'bench-neighbour', OWNERS.neighbour);
  await database.close();
  await seedBenchDatabase(url, neighbour, NEIGHBOUR_ORDERS);
}

const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));
const ms = (value: number) => `${Math.round(value)} ms`;

async function main(): Promise<void> {
  const started = performance.now();
  const url = await freshDatabaseUrl(DEFAULT_DB);
  await prepareDatabase(url);
  console.log(
    `Hostile uploads against a server process (${SERVER_FLAGS.join(' ')}), PostgreSQL, ${os.cpus().length} cores, ` +
      `load average ${os.loadavg()[0]!.toFixed(1)} at start.`,
  );
  console.log(
    `Meanwhile ${CLIENTS} clients request another shop's orders list (${NEIGHBOUR_ORDERS.toLocaleString('en-US')} orders) without pause.\n`,
  );
  const failures: string[] = [];
  for (const file of FILES) {
    const content = await file.content();
    const server = new ServerProcess(url);
    const { port } = await server.next<{ port: number }>();
    const base = `http://127.0.0.1:${port}`;
    const uploader = await login(base, OWNERS.uploader);
    const neighbour = await login(base, OWNERS.neighbour);
    await listTimesWhile(base, neighbour, () => new Promise((resolve) => setTimeout(resolve, 1000))); // warm-up
    const calibration = await listTimesWhile(base, neighbour, () => new Promise((r) => setTimeout(r, CALIBRATION_MS)));
    const rssBefore = await server.peakRss();
    const uploads: Array<Awaited<ReturnType<typeof upload>>> = [];
    const during = await listTimesWhile(base, neighbour, async () => {
      for (let i = 0; i < UPLOADS; i++) uploads.push(await upload(base, uploader, file.name, content));
    });
    const peak = await server.peakRss();
    await server.stop();

    const refusals = uploads.map((u) => u.ms).sort((a, b) => a - b);
    const [baseP95, duringP95] = [percentile(calibration, 95), percentile(during, 95)];
    const ratio = duringP95 / baseP95;
    console.log(`${file.what} (${file.name}, ${mb(content.length)} MB):`);
    console.log(`  answer        ${uploads[0]!.status} "${uploads[0]!.message}"`);
    console.log(
      `  refused in    ${ms(percentile(refusals, 50))} median, ${ms(refusals.at(-1)!)} slowest of ${UPLOADS}`,
    );
    console.log(`  peak RSS      ${mb(peak)} MB (${mb(rssBefore)} MB before the uploads)`);
    console.log(
      `  list p95      ${ms(duringP95)} during the uploads (${during.length} requests) vs ${ms(baseP95)} calibration ` +
        `(${calibration.length} requests, p50 ${ms(percentile(calibration, 50))}): ${ratio.toFixed(2)}x`,
    );
    if (uploads.some((u) => u.status !== 422)) failures.push(`${file.name}: not refused with a 422`);
    if (refusals.at(-1)! >= TARGETS.refusalMs) failures.push(`${file.name}: refused in ${ms(refusals.at(-1)!)}`);
    if (mb(peak) >= TARGETS.peakRssMb) failures.push(`${file.name}: peak RSS ${mb(peak)} MB`);
    if (ratio >= TARGETS.p95Ratio) failures.push(`${file.name}: list p95 ${ratio.toFixed(2)}x`);
  }
  console.log(
    `\nTargets: refused in < ${TARGETS.refusalMs} ms, peak RSS < ${TARGETS.peakRssMb} MB, list p95 < ${TARGETS.p95Ratio}x the calibration.`,
  );
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
  if (failures.length) {
    console.log(`Missed: ${failures.join('; ')}`);
    process.exitCode = 1;
  }
}

if (process.argv[2] === '--serve') {
  await serve(process.argv[3]!);
} else {
  await main();
}
