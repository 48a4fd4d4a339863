import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '../..');

/** The real entry point with a bad carrier key: decision 0019 says one clear message, exit 1. */
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

describe('carrier credentials key at start-up (decision 0019)', () => {
  it('refuses a key that is not 32 bytes of base64 with one message and no stack trace', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cod-carrier-key-'));
    const { code, stderr } = await start({ DATA_DIR: dataDir, PORT: '0', CARRIER_SECRET_KEY: 'too-short' });
    expect(code).toBe(1);
    expect(stderr).toContain('Cannot start: CARRIER_SECRET_KEY must be 32 random bytes in base64');
    expect(stderr).not.toMatch(/^\s+at /m);
  });
});
