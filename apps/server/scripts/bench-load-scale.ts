// `BENCH_INSTANCES=2 npm run bench:load` (issue 16.4, docs/operations/scale-out.md): one instance
// against two, side by side in one run. bench-load.ts seeds the database; this starts two server
// instances on it (one Redis, one data folder, one carrier key, as one deployment) and two load
// balancers, each its own process as nginx would be: one in front of instance 1 alone, one in front
// of both. Every scenario runs through each balancer, one right after the other at every step (who
// goes first alternates), so the proxy's own cost is in both columns and the ratio is the second
// instance's gain on this machine.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { prepareShop, run, scenarios } from './bench-load.js';
import { startServer, stopServer } from './server-process.js';
import { log } from './bench-support.js';
import { logLoadAverageAtEnd, logMachine, runSideBySide } from './bench-load-report.js';

const BALANCER = path.join(import.meta.dirname, 'load-balancer.ts');

/** The load balancer in its own process, on `port`, until it answers /health through an upstream. */
async function startBalancerProcess(port: number, upstreams: string[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', BALANCER, String(port), ...upstreams], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the load balancer exited (${child.exitCode})`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGTERM');
  throw new Error('the load balancer did not answer within 30 s');
}

export async function compareInstances(options: {
  url: string;
  seconds: number;
  connections: number[];
  orders: number;
  seededIn: number;
  freePort: () => Promise<number>;
}): Promise<void> {
  const started = performance.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cod-bench-scale-'));
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const env = {
    REDIS_URL: redisUrl,
    REALTIME_ADAPTER: 'redis',
    TRUST_PROXY: 'loopback',
    CARRIER_SECRET_KEY: crypto.randomBytes(32).toString('base64'),
  };
  const instances: Awaited<ReturnType<typeof startServer>>[] = [];
  const balancers: ChildProcess[] = [];
  try {
    // One after the other: the first migrates, the second finds the schema ready.
    for (let i = 0; i < 2; i++) instances.push(await startServer(options.url, undefined, { dataDir, env }));
    const [onePort, twoPort] = [await options.freePort(), await options.freePort()];
    balancers.push(await startBalancerProcess(onePort, [instances[0]!.baseUrl]));
    balancers.push(
      await startBalancerProcess(
        twoPort,
        instances.map((i) => i.baseUrl),
      ),
    );
    const sides = [
      { label: 'one', baseUrl: `http://127.0.0.1:${onePort}` },
      { label: 'two', baseUrl: `http://127.0.0.1:${twoPort}` },
    ];
    const shop = await prepareShop(sides[1]!.baseUrl);
    const list = scenarios(shop);
    const { eachStep } = await runSideBySide(sides, list, options.connections, (side, scenario, connections) =>
      run(side.baseUrl, shop, scenario, connections),
    );
    log(
      `\nbench:load, one instance against two behind the load balancer (BENCH_INSTANCES=2), ${new Date().toISOString()}`,
    );
    logMachine();
    log(
      `data: ${options.orders.toLocaleString('en')} orders in one shop on PostgreSQL, seeded in ${options.seededIn.toFixed(0)} s; Redis ${redisUrl}`,
    );
    log(`autocannon, ${options.seconds} s per run, both sides through scripts/load-balancer.ts in its own process\n`);
    log(
      '| scenario | conns | 1 instance rps | 2 instances rps | 2 / 1 | 1 inst. p95 ms | 2 inst. p95 ms | failed 1/2 | load avg |',
    );
    log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    eachStep((scenario, connections, a, b) =>
      log(
        `| ${scenario.name} | ${connections} | ${a.rps.toFixed(1)} | ${b.rps.toFixed(1)} | ${(b.rps / a.rps).toFixed(2)}x | ${a.p95.toFixed(1)} | ${b.p95.toFixed(1)} | ${a.failed}/${b.failed} | ${b.load.toFixed(2)} |`,
      ),
    );
    logLoadAverageAtEnd();
    log(`scale-out comparison ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    for (const balancer of balancers) balancer.kill('SIGTERM');
    for (const instance of instances) await stopServer(instance.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
