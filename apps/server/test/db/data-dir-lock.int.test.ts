import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.js';
import { DataDirLockedError, LOCK_FILE_NAME } from '../../src/db/data-dir-lock.js';
import { runEntryPoint } from '../support/entry-point.js';

// Decision 0145: one process owns an embedded database. PGlite keeps its pages in the opener's
// memory, so a second opener on the same folder used to write into a copy the first one then
// overwrote: a shop "created" beside a running server was gone after its restart.
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

function dataDir(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cod-lock-'));
  folders.push(folder);
  return folder;
}

function lockOf(folder: string): { pid: number; kind: string; since: string; nonce: string } {
  return JSON.parse(fs.readFileSync(path.join(folder, LOCK_FILE_NAME), 'utf8'));
}

/** A pid that certainly ran and is certainly gone: a child that exited and was reaped. */
function deadPid(): number {
  const run = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(run.stdout);
}

describe('an embedded database is opened by one process at a time', () => {
  it('refuses a second opener on the same folder with who holds it, and opens again after close', async () => {
    const folder = dataDir();
    const first = await openDatabase({ dataDir: folder, openedBy: 'server' });
    let second: Database | undefined;
    try {
      const refused = await openDatabase({ dataDir: folder }).then(
        (opened) => ((second = opened), null),
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(DataDirLockedError);
      const message = (refused as Error).message;
      expect(message).toContain(`The data folder ${folder} is in use by the server (npm start), pid ${process.pid}`);
      expect(message).toMatch(/since \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
      expect(message).toContain('Stop the server first');
      expect(message).toContain('npm run tenant -- create');
      expect(lockOf(folder)).toMatchObject({ pid: process.pid, kind: 'server' });
    } finally {
      await second?.close();
      await first.close();
    }

    expect(fs.existsSync(path.join(folder, LOCK_FILE_NAME))).toBe(false);
    const again = await openDatabase({ dataDir: folder });
    try {
      expect(lockOf(folder)).toMatchObject({ pid: process.pid, kind: 'script' });
      await again.db.execute('select 1');
    } finally {
      await again.close();
    }
  }, 60_000);

  it('takes over a lock left by a process that is gone, and one whose pid now runs another program', async () => {
    const folder = dataDir();
    const lockFile = path.join(folder, LOCK_FILE_NAME);
    const leftOver = { pid: deadPid(), kind: 'server', since: '2026-11-01T08:00:00.000Z', host: os.hostname() };
    fs.writeFileSync(lockFile, JSON.stringify({ ...leftOver, nonce: 'killed-server' }));
    const opened = await openDatabase({ dataDir: folder });
    await opened.close();

    // The pid is alive (this very process) but started at another time: a reused pid (a container's pid 1).
    fs.writeFileSync(lockFile, JSON.stringify({ ...leftOver, pid: process.pid, processStart: '1', nonce: 'old' }));
    const reopened = await openDatabase({ dataDir: folder });
    try {
      expect(lockOf(folder)).toMatchObject({ pid: process.pid, kind: 'script' });
      expect(lockOf(folder).nonce).not.toBe('old');
    } finally {
      await reopened.close();
    }
  }, 60_000);

  it('never takes over a lock taken on another host (a shared folder): it says how to clear it', async () => {
    const folder = dataDir();
    const lockFile = path.join(folder, LOCK_FILE_NAME);
    const elsewhere = { pid: deadPid(), kind: 'server', since: new Date().toISOString(), host: 'other-host' };
    fs.writeFileSync(lockFile, JSON.stringify({ ...elsewhere, nonce: 'far' }));
    await expect(openDatabase({ dataDir: folder })).rejects.toThrow(
      `is in use by the server (npm start), pid ${elsewhere.pid} on host other-host`,
    );
    await expect(openDatabase({ dataDir: folder })).rejects.toThrow(`delete ${lockFile}`);
  });

  it('stops a second server on the same folder with one message and exit code 1', async () => {
    const folder = dataDir();
    const first = await openDatabase({ dataDir: folder, openedBy: 'server' });
    try {
      const { code, stderr } = await runEntryPoint({ DATA_DIR: folder, PORT: '0', CARRIER_SANDBOX: 'off' });
      expect(code).toBe(1);
      expect(stderr).toContain(
        `Cannot start: The data folder ${folder} is in use by the server (npm start), pid ${process.pid}`,
      );
      expect(stderr).not.toMatch(/\n\s+at /);
      expect(lockOf(folder).pid).toBe(process.pid);
    } finally {
      await first.close();
    }
  }, 60_000);
});
