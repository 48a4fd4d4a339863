// `npm run bench:memory`: the resident memory of an idle demo server on the embedded database, the
// way `npm start` runs it (256 MB heap cap), on its first start (empty data directory: initdb, the
// migrations and the demo seed) and on the next start of the same directory. Figures and what
// holds them: docs/operations/memory.md.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 20);

const freePort = () =>
  new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

function status(pid) {
  const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);
  return { rss: kb('VmRSS'), peak: kb('VmHWM'), anon: kb('RssAnon'), file: kb('RssFile') };
}

async function waitHealthy(url, child) {
  for (let i = 0; i < 1200; i += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start in 5 minutes');
}

async function run(label, dataDir) {
  const port = await freePort();
  const started = Date.now();
  const child = spawn(
    process.execPath,
    ['--max-old-space-size=256', '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: '/nonexistent',
      },
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url, child);
  const ready = Date.now() - started;
  // A signed-in owner's first screens, then nothing: what an idle demo holds.
  const login = await fetch(`${url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@demo.dz', password: 'demo12345' }),
  });
  const { accessToken } = await login.json();
  for (const api of ['/api/orders?page=1&itemsPerPage=25', '/api/products?page=1&itemsPerPage=25', '/api/statuses']) {
    await fetch(`${url}${api}`, { headers: { authorization: `Bearer ${accessToken}` } });
  }
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const memory = status(child.pid);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`.padStart(7);
  console.log(
    `${label.padEnd(12)} ready ${(ready / 1000).toFixed(1).padStart(5)} s   RSS idle ${mb(memory.rss)} ` +
      `(anonymous ${mb(memory.anon)}, files ${mb(memory.file)})   peak ${mb(memory.peak)}`,
  );
  return memory;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cod-bench-memory-'));
try {
  console.log(`Idle demo server, embedded database, heap cap 256 MB, ${IDLE_SECONDS} s idle after sign-in:`);
  await run('first start', dataDir);
  await run('next start', dataDir);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
