import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '..');

/** Runs the real entry point and collects what an operator would read. */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'never',
        WEB_DIST_DIR: '/nonexistent',
        ...env,
      },
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

const noStackTrace = (text: string) => expect(text).not.toMatch(/^\s+at /m);

describe('start-up problems get one clear message, not a stack trace', () => {
  it('an unreachable DATABASE_URL', async () => {
    const { code, stderr } = await start({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere', PORT: '0' });
    expect(code).toBe(1);
    expect(stderr).toContain('Cannot start: Cannot reach PostgreSQL at 127.0.0.1:1/nowhere');
    expect(stderr).toContain('Check DATABASE_URL.');
    noStackTrace(stderr);
  });

  it('a data directory that cannot be written', async () => {
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'cod-start-')), 'a-file');
    await fs.writeFile(file, '');
    const { code, stderr } = await start({ DATA_DIR: path.join(file, 'data'), PORT: '0' });
    expect(code).toBe(1);
    expect(stderr).toMatch(/Cannot start: The data directory .* is not writable \(ENOTDIR\)/);
    noStackTrace(stderr);
  });

  it('a port that is already taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '0.0.0.0', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cod-start-'));
      const { code, stderr } = await start({ DATA_DIR: dataDir, PORT: String(port) });
      expect(code).toBe(1);
      expect(stderr).toContain(`Cannot start: Port ${port} is already in use.`);
      noStackTrace(stderr);
    } finally {
      blocker.close();
    }
  });

  it('an invalid setting', async () => {
    const { code, stderr } = await start({ PORT: 'eighty' });
    expect(code).toBe(1);
    expect(stderr).toMatch(/Cannot start: Invalid configuration:\n\s+PORT:/);
  });
});
