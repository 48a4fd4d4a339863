import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTenantCli } from '../src/cli/tenant.js';
import { openDatabase } from '../src/db/client.js';
import { LOCK_FILE_NAME } from '../src/db/data-dir-lock.js';
import { LOCAL_ADMIN_FILE, readLocalAdmin } from '../src/http/local-admin.js';
import { freePort, healthy, REPO_ROOT, runAtRoot, stopGroup, waitFor } from './support/processes.js';
import { unique } from './support/test-db.js';

// The CLI opens its own database, as an operator would: PostgreSQL when the tests have one,
// else an embedded database in a temporary folder.
/** `npm start` on loopback `port` without the SPA, the demo, the carrier sandbox or the poller. */
const serverEnv = (port: number) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  WEB_DIST_DIR: '/nonexistent',
  SEED_DEMO: 'never',
  CARRIER_SANDBOX: 'off',
  SHIPPING_POLL_SECONDS: '0',
});

async function cliEnv(): Promise<NodeJS.ProcessEnv> {
  if (process.env.TEST_DATABASE_URL) return { DATABASE_URL: process.env.TEST_DATABASE_URL };
  return { DATA_DIR: await fs.mkdtemp(path.join(os.tmpdir(), 'cod-cli-')) };
}

describe('npm run tenant -- create', () => {
  it('creates a tenant whose owner can sign in, and refuses a duplicate with a clear message', async () => {
    const env = await cliEnv();
    const cqName = unique('cli');
    const args = ['create', cqName, '--owner', `${cqName}@test.dz`, '--password', 'long-enough-1'];
    const created = await runTenantCli(args, env);
    expect(created.code).toBe(0);
    expect(created.out).toMatch(new RegExp(`Created tenant "${cqName}"`));

    const again = await runTenantCli(args, env);
    expect(again.code).toBe(1);
    expect(again.out).toContain('cq_name: The tenant name has already been taken.');
    expect(again.out).toContain('owner_email: The email has already been taken.');
  });

  it('applies the same rules as the API', async () => {
    const env = await cliEnv();
    const bad = await runTenantCli(['create', 'Bad Name!', '--owner', 'not-an-email', '--password', 'short'], env);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('cq_name: Use lowercase letters, digits and hyphens only.');
    expect(bad.out).toContain('owner_email: The email must be a valid email address.');
    expect(bad.out).toContain('owner_password: The password must be at least 8 characters.');
  });

  it('prints the usage for a wrong call', async () => {
    const usage = await runTenantCli(['create', 'shop'], await cliEnv());
    expect(usage.code).toBe(2);
    expect(usage.out).toMatch(/^Usage: npm run tenant -- create/);
  });
});

// Decision 0073: `npm run tenant` runs inside apps/server, `npm start` at the root; a relative
// DATA_DIR (the default ./data) is the same folder for both, the repository root's.
describe('npm run tenant, the README way', () => {
  it('creates the shop in the data directory npm start then serves', async () => {
    const relative = `tmp/tenant-cli-${unique('data')}`;
    const cqName = unique('readme');
    const env = { DATA_DIR: relative, LOG_LEVEL: 'silent' };
    let server: ReturnType<typeof runAtRoot> | undefined;
    try {
      const cli = runAtRoot(
        'npm',
        ['run', 'tenant', '--', 'create', cqName, '--owner', `${cqName}@test.dz`, '--password', 'long-enough-1'],
        env,
      );
      expect(await cli.exited, cli.output()).toBe(0);
      expect(cli.output()).toContain(`Created tenant "${cqName}"`);
      expect(existsSync(path.join(REPO_ROOT, relative, 'pglite'))).toBe(true);
      expect(existsSync(path.join(REPO_ROOT, 'apps/server', relative))).toBe(false);

      const port = await freePort();
      server = runAtRoot('npm', ['start'], {
        ...env,
        ...serverEnv(port),
      });
      const baseURL = `http://127.0.0.1:${port}`;
      const output = server.output;
      await waitFor(
        () => `${baseURL}/health; output:\n${output()}`,
        () => healthy(baseURL),
        150_000,
      );
      const signIn = await fetch(`${baseURL}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `${cqName}@test.dz`, password: 'long-enough-1' }),
      });
      expect(signIn.status).toBe(200);
      expect(((await signIn.json()) as { accessToken?: string }).accessToken).toBeTruthy();

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      stopGroup(server?.child.pid);
      await fs.rm(path.join(REPO_ROOT, relative), { recursive: true, force: true });
    }
  }, 300_000);
});

// Decision 0145: one process owns the embedded database. `npm run tenant -- create` beside a
// running `npm start` used to print "Created tenant" into its own copy of the database, which the
// server overwrote: the shop was gone after the server's restart.
describe('npm run tenant while something else has the data folder open', () => {
  const createArgs = (cqName: string) => [
    'create',
    cqName,
    '--owner',
    `${cqName}@test.dz`,
    '--password',
    'long-enough-1',
  ];

  it('creates the shop through the running server, which sees it and keeps it after it stops', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cod-cli-beside-'));
    const cqName = unique('beside');
    const port = await freePort();
    const baseURL = `http://127.0.0.1:${port}`;
    let server: ReturnType<typeof runAtRoot> | undefined;
    try {
      server = runAtRoot('npm', ['start'], {
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        ...serverEnv(port),
      });
      const output = server.output;
      await waitFor(
        () => `${baseURL}/health; output:\n${output()}`,
        () => healthy(baseURL),
        150_000,
      );
      // The server's token is for this user only.
      expect((await fs.stat(path.join(dataDir, LOCAL_ADMIN_FILE))).mode & 0o777).toBe(0o600);
      const address = readLocalAdmin(dataDir)!;
      expect(new URL(address.url).hostname).toBe('127.0.0.1');
      const guessed = await fetch(`${address.url}/tenants`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer guessed' },
        body: '{}',
      });
      expect(guessed.status).toBe(401);

      const cli = runAtRoot('npm', ['run', 'tenant', '--', ...createArgs(cqName)], { DATA_DIR: dataDir });
      expect(await cli.exited, cli.output()).toBe(0);
      expect(cli.output()).toContain(`Created tenant "${cqName}"`);

      const signIn = await fetch(`${baseURL}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `${cqName}@test.dz`, password: 'long-enough-1' }),
      });
      expect(signIn.status).toBe(200);

      // The server's answer to a duplicate reads like the command's own.
      const again = runAtRoot('npm', ['run', 'tenant', '--', ...createArgs(cqName)], { DATA_DIR: dataDir });
      expect(await again.exited).toBe(1);
      expect(again.output()).toContain('cq_name: The tenant name has already been taken.');

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
      expect(existsSync(path.join(dataDir, LOCAL_ADMIN_FILE))).toBe(false);

      // The database the stopped server leaves behind holds the shop.
      const afterRestart = await runTenantCli(createArgs(cqName), { DATA_DIR: dataDir });
      expect(afterRestart.out).toContain('cq_name: The tenant name has already been taken.');
    } finally {
      stopGroup(server?.child.pid);
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 300_000);

  it('exits 1 with who holds the folder, never "Created tenant", when that is not a server', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cod-cli-held-'));
    const holder = await openDatabase({ dataDir });
    try {
      const cqName = unique('held');
      const cli = runAtRoot('npm', ['run', 'tenant', '--', ...createArgs(cqName)], { DATA_DIR: dataDir });
      expect(await cli.exited).toBe(1);
      expect(cli.output()).toContain(`The data folder ${dataDir} is in use by another process`);
      expect(cli.output()).toContain(`pid ${process.pid}`);
      expect(cli.output()).not.toContain('Created tenant');
      expect(cli.output()).not.toMatch(/\n\s+at /);
    } finally {
      await holder.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('exits 1 with what to do when the server holding the folder cannot take the request', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cod-cli-starting-'));
    // A server still migrating: it holds the folder, its local endpoint is not open yet.
    const holder = await openDatabase({ dataDir, openedBy: 'server' });
    try {
      const result = await runTenantCli(createArgs(unique('starting')), { DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.out).toContain(`is in use by the server (npm start), pid ${process.pid}`);
      expect(result.out).toContain('could not be created through it');
      expect(result.out).toContain(`Stop the server (Ctrl-C where it runs, or kill ${process.pid})`);
    } finally {
      await holder.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
