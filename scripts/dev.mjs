// `npm run dev`: the API with hot reload (tsx watch) and the SPA on Vite's dev server, which
// proxies every non-/build/ path to the API.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The repository's .env, when there is one; the environment wins (docs/decisions/0073).
if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));

// Each in its own process group: npm runs a script under `sh -c`, so a signal to npm alone would not
// reach tsx or Vite. Stopping signals the whole group.
const children = [
  spawn('npm', ['run', 'dev', '-w', 'apps/server'], {
    stdio: 'inherit',
    detached: true,
    env: { NODE_ENV: 'development', ...process.env },
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit', detached: true }),
];
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
process.on('SIGHUP', stop);
// `npm run dev` puts a `sh -c` between npm and us: a SIGTERM to npm kills that shell, not us.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && stop(), 250).unref();
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
console.log('API on http://localhost:3000, SPA with hot reload on http://localhost:5173/build/');
