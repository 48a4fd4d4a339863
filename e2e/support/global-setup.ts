import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /**
     * A control endpoint on the test machine (not the app): POST `/server/stop`, `/server/start` or
     * `/server/restart` stops the server gracefully or starts it again, on the same port and the
     * same DATA_DIR, answering once it is down or healthy (browser.ts: stopServer, startServer).
     */
    serverControlURL: string;
  }
}

const REPO_ROOT = new URL('../..', import.meta.url).pathname;
// A first start creates the database, migrates and seeds the demo: minutes on a busy machine
// (E2E_HEALTH_TIMEOUT_S gives it longer).
const HEALTH_TIMEOUT_MS = Number(process.env.E2E_HEALTH_TIMEOUT_S ?? 240) * 1000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The server serves apps/web/dist (or WEB_DIST_DIR, built elsewhere); build it once when it is missing. */
function ensureWebBuild(): void {
  if (process.env.WEB_DIST_DIR) {
    if (existsSync(join(process.env.WEB_DIST_DIR, 'index.html'))) return;
    throw new Error(`e2e: WEB_DIST_DIR=${process.env.WEB_DIST_DIR} has no index.html (vite build --outDir it)`);
  }
  if (existsSync(join(REPO_ROOT, 'apps/web/dist/index.html'))) return;
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('e2e: `npm run build -w apps/web` failed');
}

const running = (server: ChildProcess) => server.exitCode === null && server.signalCode === null;

async function waitForHealth(baseURL: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!running(server)) throw new Error(`e2e: the server exited (${server.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${baseURL}/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`e2e: ${baseURL}/health did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s:\n${output()}`);
}

export default async function setup(project: TestProject) {
  ensureWebBuild();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'cod-e2e-'));
  // The Chargily Pay sandbox pays without money: it runs only when configured, and never with
  // NODE_ENV=production (decision 0140), so this test server says it is one. NODE_ENV changes
  // nothing else here (the carrier key is given below; OUTBOUND_ALLOW_PRIVATE is not set).
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    CHARGILY_MODE: 'sandbox',
  };
  // Embedded PostgreSQL by default; a real server when CI provides one.
  if (process.env.TEST_DATABASE_URL) env.DATABASE_URL = process.env.TEST_DATABASE_URL;
  else delete env.DATABASE_URL;
  // Decision 0019: production on PostgreSQL must be given the carrier credentials key.
  env.CARRIER_SECRET_KEY ??= randomBytes(32).toString('base64');

  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  const launch = () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    return child;
  };
  let server = launch();
  const stop = async () => {
    if (!running(server)) return;
    const current = server;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    current.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (running(current)) {
      current.kill('SIGKILL');
      await exited;
    }
  };

  const baseURL = `http://127.0.0.1:${port}`;
  const start = async () => {
    if (running(server)) return;
    server = launch();
    await waitForHealth(baseURL, server, () => log);
  };
  try {
    await waitForHealth(baseURL, server, () => log);
  } catch (error) {
    // Stopped before its folder is removed: it may still be writing there.
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const control = await serveControl({ stop, start });
  project.provide('baseURL', baseURL);
  project.provide('serverControlURL', control.url);

  return async () => {
    control.server.closeAllConnections();
    await new Promise((resolve) => control.server.close(resolve));
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/**
 * The test files run in workers; a spec that restarts the server (e2e/realtime.spec.ts) asks this
 * process, which owns it, over a small HTTP endpoint on 127.0.0.1. One operation at a time.
 */
async function serveControl(actions: {
  stop: () => Promise<void>;
  start: () => Promise<void>;
}): Promise<{ url: string; server: Server }> {
  let queue: Promise<unknown> = Promise.resolve();
  const operations: Record<string, () => Promise<void>> = {
    '/server/stop': actions.stop,
    '/server/start': actions.start,
    '/server/restart': async () => {
      await actions.stop();
      await actions.start();
    },
  };
  const server = createHttpServer((request, response) => {
    const operation = request.method === 'POST' ? operations[request.url ?? ''] : undefined;
    if (!operation) {
      response.writeHead(404).end();
      return;
    }
    const run = queue.then(operation);
    queue = run.catch(() => undefined);
    run.then(
      () => response.writeHead(204).end(),
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, server };
}
