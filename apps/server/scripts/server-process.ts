// A server instance in its own process, as `npm start` runs it in production: what bench:load,
// its side-by-side comparisons and the scale-out test start (docs/operations/scale-out.md).
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const REPO = path.resolve(import.meta.dirname, '../../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** `node --import tsx apps/server/src/main.ts` on the database, as `npm start` runs it in production. */
export async function startServer(
  url: string,
  repo = REPO,
  // Several instances of one deployment share the data folder and the carrier key (scale-out).
  shared: { dataDir?: string; env?: Record<string, string> } = {},
): Promise<{ baseUrl: string; child: ChildProcess; dataDir: string }> {
  const port = await freePort();
  const dataDir = shared.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'cod-bench-load-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repo,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'never',
      CARRIER_SANDBOX: 'off',
      SHIPPING_POLL_SECONDS: '0',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      CARRIER_SECRET_KEY: crypto.randomBytes(32).toString('base64'),
      ...shared.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-10_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) return { baseUrl, child, dataDir };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error(`the server did not answer /health within 120 s:\n${output}`);
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}
