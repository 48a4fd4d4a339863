import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { alive, descendants, freePort, healthy, runAtRoot, stopGroup, waitFor } from './support/processes.js';

// Decision 0073: `npm start` is stopped by npm's PID (a process manager, `kill <pid>`). npm hands the
// signal to the `sh -c` it runs the script in; nothing may be left running after it, and the server
// finishes the requests in flight, stops its jobs and closes the embedded database first.
async function startWithNpm() {
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cod-stop-'));
  const run = runAtRoot('npm', ['start'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // A build made elsewhere: `npm start` does not build the SPA then (scripts/start.mjs).
    WEB_DIST_DIR: '/nonexistent',
    SEED_DEMO: 'never',
    LOG_LEVEL: 'silent',
    CARRIER_SANDBOX: 'off',
    SHIPPING_POLL_SECONDS: '0',
  });
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitFor(
      () => `${baseURL}/health; output:\n${run.output()}`,
      () => healthy(baseURL),
      150_000,
    );
  } catch (error) {
    stopGroup(run.child.pid);
    throw error;
  }
  return { ...run, port, dataDir, baseURL };
}

/** A request whose body is still arriving: headers sent, the rest written by `finish`. */
async function halfSentRequest(port: number) {
  const body = JSON.stringify({ email: 'nobody@test.dz', password: 'not-the-password' });
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let answer = '';
  socket.on('data', (chunk) => (answer += String(chunk)));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  socket.write(
    `POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
  );
  return {
    finish: async () => {
      socket.write(body.slice(10));
      await closed;
      return answer;
    },
  };
}

describe('stopping npm start', () => {
  it("SIGTERM to npm's PID stops every process under it, after the request in flight is answered", async () => {
    const started = await startWithNpm();
    try {
      const npmPid = started.child.pid!;
      const tree = descendants(npmPid);
      const server = tree.find((p) => p.command.includes('apps/server/src/main.ts'));
      expect(server, JSON.stringify(tree)).toBeDefined();

      const inFlight = await halfSentRequest(started.port);
      // Let the request be routed before the signal.
      await new Promise((resolve) => setTimeout(resolve, 300));
      process.kill(npmPid, 'SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      // Still running: it waits for the request, which now completes and gets its answer.
      expect(alive(server!.pid)).toBe(true);
      const answer = await inFlight.finish();
      expect(answer).toMatch(/^HTTP\/1\.1 (401|422|429) /);

      await waitFor('every process under npm to exit', () => tree.every((p) => !alive(p.pid)) || undefined, 40_000);
      await started.exited;
      // The server logged its stop after the jobs stopped and the embedded database closed.
      expect(started.output()).toContain('SIGTERM: stopping (in-flight requests, jobs, database)...');
      expect(started.output()).toContain('Stopped.');
      expect(await healthy(started.baseURL)).toBeUndefined();
    } finally {
      stopGroup(started.child.pid);
      await fs.rm(started.dataDir, { recursive: true, force: true });
    }
  }, 240_000);

  it('SIGINT to npm stops everything too', async () => {
    const started = await startWithNpm();
    try {
      const tree = descendants(started.child.pid!);
      expect(tree.some((p) => p.command.includes('apps/server/src/main.ts'))).toBe(true);
      process.kill(started.child.pid!, 'SIGINT');
      await waitFor('every process under npm to exit', () => tree.every((p) => !alive(p.pid)) || undefined, 40_000);
      await started.exited;
      expect(started.output()).toContain('SIGINT: stopping (in-flight requests, jobs, database)...');
      expect(started.output()).toContain('Stopped.');
    } finally {
      stopGroup(started.child.pid);
      await fs.rm(started.dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
