import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runEntryPoint } from '../support/entry-point.js';

describe('carrier credentials key at start-up (decision 0019)', () => {
  // The real entry point with a bad carrier key: decision 0019 says one clear message, exit 1,
  // and nothing written.
  it('refuses a key that is not 32 bytes of base64 with one message and no stack trace', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cod-carrier-key-'));
    const { code, stderr } = await runEntryPoint({ DATA_DIR: dataDir, PORT: '0', CARRIER_SECRET_KEY: 'too-short' });
    expect(code).toBe(1);
    expect(stderr).toContain('Cannot start: CARRIER_SECRET_KEY must be 32 random bytes in base64');
    expect(stderr).not.toMatch(/^\s+at /m);
    // Refused before the database is opened: no half-seeded demo is left for the next start.
    expect(await fs.readdir(dataDir)).toEqual([]);
  });
});
