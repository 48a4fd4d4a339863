import crypto from 'node:crypto';

/** HMAC helpers shared by the webhook verifiers and the sandbox that signs like the carriers do. */
export function hmacSha256(key: string | Buffer, data: string | Buffer): Buffer {
  return crypto.createHmac('sha256', key).update(data).digest();
}

/** Constant-time comparison of two encodings of a digest; false on any length mismatch. */
export function safeEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && a.length > 0 && crypto.timingSafeEqual(a, b);
}

export function decodeHex(text: string): Buffer {
  const clean = text.trim().toLowerCase();
  return /^[0-9a-f]+$/.test(clean) && clean.length % 2 === 0 ? Buffer.from(clean, 'hex') : Buffer.alloc(0);
}
