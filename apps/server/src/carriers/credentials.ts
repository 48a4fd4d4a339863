import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from '../config.js';
import type { TCarrierKind } from './carrier.js';
import { CREDENTIAL_FIELDS } from './catalogue.js';

/**
 * Carrier credentials at rest: AES-256-GCM with a 32-byte key from CARRIER_SECRET_KEY, bound to
 * its row by additional authenticated data (a ciphertext copied to another tenant does not open).
 * Decision 0019 records the format, the key file of embedded mode and the rotation path.
 *
 * Stored form: `v1.<keyId>.<iv>.<tag>.<ciphertext>` (base64url parts), keyId = first 8 hex digits
 * of SHA-256(key), so a rotated key can still open old rows until they are re-encrypted.
 */
const VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;

export interface TCarrierKey {
  id: string;
  key: Buffer;
}

export interface TCarrierKeyring {
  /** Encrypts new values. */
  primary: TCarrierKey;
  /** Still decrypts older rows (CARRIER_SECRET_KEY_PREVIOUS during a rotation). */
  previous: readonly TCarrierKey[];
}

/** Failure to open a stored secret; the message says nothing about the key or the content. */
export class CredentialsError extends Error {
  constructor(message = 'The stored carrier credentials cannot be decrypted with the configured key') {
    super(message);
    this.name = 'CredentialsError';
  }
}

export function parseCarrierKey(base64: string, variable = 'CARRIER_SECRET_KEY'): TCarrierKey {
  const key = Buffer.from(base64.trim(), 'base64');
  if (key.length !== KEY_BYTES || key.toString('base64').replace(/=+$/, '') !== base64.trim().replace(/=+$/, '')) {
    throw new ConfigError(
      `${variable} must be 32 random bytes in base64 (generate one with: openssl rand -base64 32).`,
    );
  }
  return { id: crypto.createHash('sha256').update(key).digest('hex').slice(0, 8), key };
}

export interface TKeyOptions {
  /** CARRIER_SECRET_KEY (base64 of 32 bytes). */
  configuredKey?: string | undefined;
  /** CARRIER_SECRET_KEY_PREVIOUS: comma-separated older keys, readable during a rotation. */
  previousKeys?: string | undefined;
  dataDir: string;
  /**
   * May a key be generated and kept in `${dataDir}/secret.key`? Yes for the embedded database and
   * development; a production server (DATABASE_URL + NODE_ENV=production) must be given the key,
   * because several instances must share it and it must not live beside the data it protects.
   */
  allowGenerated: boolean;
}

export async function loadCarrierKeyring(options: TKeyOptions): Promise<TCarrierKeyring> {
  const previous = (options.previousKeys ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)
    .map((k) => parseCarrierKey(k, 'CARRIER_SECRET_KEY_PREVIOUS'));
  if (options.configuredKey?.trim()) return { primary: parseCarrierKey(options.configuredKey), previous };
  if (!options.allowGenerated) {
    throw new ConfigError(
      'CARRIER_SECRET_KEY is required with DATABASE_URL in production (32 random bytes in base64: openssl rand -base64 32).',
    );
  }
  return { primary: await readOrCreateKeyFile(path.join(options.dataDir, 'secret.key')), previous };
}

async function readOrCreateKeyFile(file: string): Promise<TCarrierKey> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  try {
    // 'wx': only one process ever writes the key, even when two start at once.
    await fs.writeFile(file, `${crypto.randomBytes(KEY_BYTES).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stat = await fs.stat(file);
  if ((stat.mode & 0o077) !== 0) await fs.chmod(file, 0o600);
  return parseCarrierKey(await fs.readFile(file, 'utf8'), file);
}

export function encryptCredentials(
  keyring: TCarrierKeyring,
  credentials: Readonly<Record<string, string>>,
  context: string,
): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyring.primary.key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(credentials), 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url'));
  return [VERSION, keyring.primary.id, ...parts].join('.');
}

/**
 * `context` must be the same string used to encrypt (decision 0019 recommends
 * `carrier:<tenantId>:<shippingCompanyId>`).
 */
export function decryptCredentials(keyring: TCarrierKeyring, stored: string, context: string): Record<string, string> {
  const parts = stored.split('.');
  if (parts.length !== 5 || parts[0] !== VERSION) throw new CredentialsError('Unrecognised credentials format');
  const [, keyId, iv, tag, ciphertext] = parts as [string, string, string, string, string];
  const key = [keyring.primary, ...keyring.previous].find((k) => k.id === keyId);
  if (!key) throw new CredentialsError();
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const text = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
    const parsed = JSON.parse(text) as unknown;
    if (!parsed || typeof parsed !== 'object') throw new Error('not an object');
    return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
  } catch {
    throw new CredentialsError();
  }
}

/** A row encrypted with an older key: re-encrypt it with the primary (rotation). */
export function needsReencryption(keyring: TCarrierKeyring, stored: string): boolean {
  return stored.split('.')[1] !== keyring.primary.id;
}

const MASK = '••••••••';

/**
 * What the browser may see (issue 5: "never sent back to the browser in clear"): secret fields as
 * a fixed mask plus, for long values, their last 4 characters so a seller recognises which key is
 * set; non-secret fields as they are; unknown fields are treated as secret.
 */
export function maskCredentials(
  kind: TCarrierKind,
  credentials: Readonly<Record<string, string>>,
): Record<string, string> {
  const fields = CREDENTIAL_FIELDS[kind];
  return Object.fromEntries(
    Object.entries(credentials).map(([name, value]) => {
      const secret = fields.find((f) => f.name === name)?.secret ?? true;
      if (!secret) return [name, value];
      if (!value) return [name, ''];
      return [name, value.length >= 16 ? `${MASK}${value.slice(-4)}` : MASK];
    }),
  );
}

export function isMaskedValue(value: string): boolean {
  return value.startsWith(MASK);
}

/**
 * Applies an edit form: a secret sent back masked (or empty) keeps the stored value, anything else
 * replaces it. Lets the screen round-trip maskCredentials output without ever holding a secret.
 */
export function mergeCredentialUpdate(
  kind: TCarrierKind,
  stored: Readonly<Record<string, string>>,
  incoming: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of CREDENTIAL_FIELDS[kind]) {
    const next = incoming[field.name];
    const keep = next === undefined || (field.secret && (next === '' || isMaskedValue(next)));
    const value = keep ? stored[field.name] : next;
    if (value) out[field.name] = value;
  }
  return out;
}
