import crypto from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Algorithm.Argon2id; the package ships it as a const enum, which isolated modules cannot read.
const ARGON2ID = 2 as Algorithm;

/** ARCHITECTURE 3.3: opaque tokens are 32 random bytes; only their SHA-256 is stored. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}

export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

// Verified against when the e-mail is unknown, so both paths cost the same (no account probing).
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
