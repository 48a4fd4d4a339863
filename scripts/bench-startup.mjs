// `npm run bench:startup`: time from launching `node scripts/start.mjs` to the first 200 of
// /health, on an existing embedded database (target: under 3 s). The first run creates and seeds
// the database and is reported apart.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cod-bench-startup-'));
const port = 3900 + Math.floor(Math.random() * 90);
const RUNS = 5;

async function startOnce() {
  const started = performance.now();
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL; // the embedded database is what this measures
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], { cwd: root, env, stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let up = false;
  const deadline = started + 60_000;
  while (performance.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health`);
      if (response.ok) {
        up = true;
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - started;
  child.kill('SIGTERM');
  await exited;
  if (!up) throw new Error('the server did not answer /health within 60 s');
  return ms;
}

const first = await startOnce();
const times = [];
for (let i = 0; i < RUNS; i++) times.push(await startOnce());
times.sort((a, b) => a - b);
const fmt = (ms) => `${(ms / 1000).toFixed(2)} s`;
console.log(`machine: ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}, node ${process.version}`);
console.log(`first start (create, migrate, seed demo): ${fmt(first)}`);
console.log(
  `start on existing embedded database, ${RUNS} runs: median ${fmt(times[Math.floor(RUNS / 2)])}, max ${fmt(times.at(-1))} (target < 3 s)`,
);
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(times.at(-1) < 3000 ? 0 : 1);
