// `npm start`: build the SPA when it is missing or older than its sources, then run the server
// (which migrates, loads reference data and seeds the demo on first start).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The repository's .env, when there is one (.env.example lists the settings); the environment wins.
if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
const distIndex = path.join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/shared/src'];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

// WEB_DIST_DIR names a build made elsewhere: served as it is, never rebuilt here.
const builtAt = fs.existsSync(distIndex) ? fs.statSync(distIndex).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (!process.env.WEB_DIST_DIR && builtAt < changedAt) {
  console.log(builtAt ? 'Web sources changed: rebuilding the SPA...' : 'Building the SPA (first start)...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('\nCannot start: the web build failed (see above).');
    process.exit(1);
  }
}

// A capped heap makes V8 collect instead of growing: a 100,000-row import then peaks near 300 MB of
// RSS instead of 530 MB (docs/benchmarks.md, decision 0032). NODE_OPTIONS can override it. What an
// idle server holds beyond the heap: docs/operations/memory.md.
const heap = process.env.NODE_OPTIONS?.includes('max-old-space-size') ? [] : ['--max-old-space-size=256'];
const server = spawn(process.execPath, [...heap, '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});

// Stopping: the server finishes in-flight requests, stops its jobs and closes the database on one
// SIGTERM/SIGINT (apps/server/src/main.ts). It gets one signal from here, whoever asked: a signal
// to this process, or the death of our parent. The npm script is `exec node scripts/start.mjs`, so
// npm's signal reaches us; should a shell still sit between npm and us, a SIGTERM to npm kills it
// and leaves us orphaned, so we watch for that too (docs/decisions/0073). Ctrl-C reaches the
// server directly as well (same process group); it ignores the repeat.
let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  server.kill(signal);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => stop(signal === 'SIGHUP' ? 'SIGTERM' : signal));
const parent = process.ppid;
const orphanWatch = setInterval(() => {
  if (process.ppid !== parent) stop('SIGTERM');
}, 250);
orphanWatch.unref();
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
