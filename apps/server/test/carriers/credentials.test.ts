import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config.js';
import {
  CredentialsError,
  decryptCredentials,
  encryptCredentials,
  loadCarrierKeyring,
  maskCredentials,
  mergeCredentialUpdate,
  needsReencryption,
  parseCarrierKey,
  type TCarrierKeyring,
} from '../../src/carriers/credentials.js';

const newKey = () => crypto.randomBytes(32).toString('base64');
const ring = (key = newKey(), previous: string[] = []): TCarrierKeyring => ({
  primary: parseCarrierKey(key),
  previous: previous.map((k) => parseCarrierKey(k)),
});
const CREDS = { api_id: '94986571734304520846', api_token: '5MKfvcyQtO3eouL6tDv0VDFhUT8Sc7w5' };
const dirs: string[] = [];

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

describe('AES-256-GCM credentials at rest', () => {
  it('round-trips, never stores the plaintext, and uses a fresh IV each time', () => {
    const keyring = ring();
    const a = encryptCredentials(keyring, CREDS, 'carrier:tenant-1:company-7');
    const b = encryptCredentials(keyring, CREDS, 'carrier:tenant-1:company-7');
    expect(a).toMatch(/^v1\.[0-9a-f]{8}\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toBe(b);
    for (const secret of Object.values(CREDS)) expect(a).not.toContain(secret);
    expect(decryptCredentials(keyring, a, 'carrier:tenant-1:company-7')).toEqual(CREDS);
  });

  it('refuses another row context, a tampered value and a foreign key, saying nothing about either', () => {
    const keyring = ring();
    const stored = encryptCredentials(keyring, CREDS, 'carrier:tenant-1:company-7');
    expect(() => decryptCredentials(keyring, stored, 'carrier:tenant-2:company-7')).toThrow(CredentialsError);
    const parts = stored.split('.');
    const flipped = Buffer.from(parts[4]!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    parts[4] = flipped.toString('base64url');
    expect(() => decryptCredentials(keyring, parts.join('.'), 'carrier:tenant-1:company-7')).toThrow(CredentialsError);
    const error = (() => {
      try {
        decryptCredentials(ring(), stored, 'carrier:tenant-1:company-7');
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error).toBeInstanceOf(CredentialsError);
    for (const secret of Object.values(CREDS)) expect(String(error?.stack)).not.toContain(secret);
  });

  it('keeps reading rows of the previous key during a rotation, and flags them for re-encryption', () => {
    const oldKey = newKey();
    const stored = encryptCredentials(ring(oldKey), CREDS, 'ctx');
    const rotated = ring(newKey(), [oldKey]);
    expect(decryptCredentials(rotated, stored, 'ctx')).toEqual(CREDS);
    expect(needsReencryption(rotated, stored)).toBe(true);
    expect(needsReencryption(rotated, encryptCredentials(rotated, CREDS, 'ctx'))).toBe(false);
  });

  it('accepts only 32 bytes of base64 as a key', () => {
    expect(() => parseCarrierKey(crypto.randomBytes(16).toString('base64'))).toThrow(ConfigError);
    expect(() => parseCarrierKey('not base64 at all!')).toThrow(ConfigError);
    expect(parseCarrierKey(newKey()).key).toHaveLength(32);
  });
});

describe('key management', () => {
  async function tempDir() {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'carrier-key-'));
    dirs.push(dir);
    return dir;
  }

  it('uses CARRIER_SECRET_KEY when it is set', async () => {
    const key = newKey();
    const keyring = await loadCarrierKeyring({ configuredKey: key, dataDir: await tempDir(), allowGenerated: false });
    expect(keyring.primary.key.toString('base64')).toBe(key);
  });

  it('in embedded mode generates a key once, keeps it in DATA_DIR/secret.key with 0600, and reuses it', async () => {
    const dir = await tempDir();
    const first = await loadCarrierKeyring({ dataDir: dir, allowGenerated: true });
    const file = path.join(dir, 'secret.key');
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    const second = await loadCarrierKeyring({ dataDir: dir, allowGenerated: true });
    expect(second.primary.id).toBe(first.primary.id);
    const stored = encryptCredentials(first, CREDS, 'ctx');
    expect(decryptCredentials(second, stored, 'ctx')).toEqual(CREDS);
  });

  it('tightens a key file that others could read', async () => {
    const dir = await tempDir();
    await fs.writeFile(path.join(dir, 'secret.key'), `${newKey()}\n`, { mode: 0o644 });
    await loadCarrierKeyring({ dataDir: dir, allowGenerated: true });
    expect((await fs.stat(path.join(dir, 'secret.key'))).mode & 0o777).toBe(0o600);
  });

  it('refuses to start a production server without a key (one clear message)', async () => {
    await expect(loadCarrierKeyring({ dataDir: await tempDir(), allowGenerated: false })).rejects.toThrow(
      /CARRIER_SECRET_KEY is required/,
    );
  });
});

describe('what the browser sees', () => {
  it('masks secret fields, keeps the account id readable, and never shows more than 4 characters', () => {
    expect(maskCredentials('yalidine', CREDS)).toEqual({ api_id: '••••••••0846', api_token: '••••••••c7w5' });
    expect(maskCredentials('zr_express', { api_key: 'short-key', tenant_id: 'tenant-42' })).toEqual({
      api_key: '••••••••',
      tenant_id: 'tenant-42',
    });
    expect(maskCredentials('ecotrack', { api_token: 'x'.repeat(40), surprise: 'unknown-field-value' })).toEqual({
      api_token: '••••••••xxxx',
      surprise: '••••••••alue', // unknown fields are treated as secret
    });
  });

  it('an edit form sending the mask back keeps the stored secret; a new value replaces it', () => {
    const masked = maskCredentials('yalidine', CREDS);
    expect(mergeCredentialUpdate('yalidine', CREDS, masked)).toEqual(CREDS);
    expect(mergeCredentialUpdate('yalidine', CREDS, { ...masked, api_token: 'a-brand-new-token' })).toEqual({
      ...CREDS,
      api_token: 'a-brand-new-token',
    });
    expect(mergeCredentialUpdate('yalidine', CREDS, { api_id: '', api_token: '' })).toEqual(CREDS);
    expect(mergeCredentialUpdate('zr_express', { api_key: 'k', tenant_id: 't' }, { tenant_id: 'other' })).toEqual({
      api_key: 'k',
      tenant_id: 'other',
    });
  });
});
