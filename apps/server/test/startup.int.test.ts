import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runEntryPoint } from './support/entry-point.js';

const noStackTrace = (text: string) => expect(text).not.toMatch(/^\s+at /m);

describe('start-up problems get one clear message, not a stack trace', () => {
  it('an unreachable DATABASE_URL', async () => {
    const { code, stderr } = await runEntryPoint({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere',
      PORT: '0',
    });
    expect(code).toBe(1);
    expect(stderr).toContain('Cannot start: Cannot reach PostgreSQL at 127.0.0.1:1/nowhere');
    expect(stderr).toContain('Check DATABASE_URL.');
    noStackTrace(stderr);
  });

  it('a data directory that cannot be written', async () => {
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'cod-start-')), 'a-file');
    await fs.writeFile(file, '');
    const { code, stderr } = await runEntryPoint({ DATA_DIR: path.join(file, 'data'), PORT: '0' });
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
      const { code, stderr } = await runEntryPoint({ DATA_DIR: dataDir, PORT: String(port) });
      expect(code).toBe(1);
      expect(stderr).toContain(`Cannot start: Port ${port} is already in use.`);
      noStackTrace(stderr);
    } finally {
      blocker.close();
    }
  });

  it('an invalid setting', async () => {
    const { code, stderr } = await runEntryPoint({ PORT: 'eighty' });
    expect(code).toBe(1);
    expect(stderr).toMatch(/Cannot start: Invalid configuration:\n\s+PORT:/);
  });
});
