import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { m } from '@cod/shared';
import { AppError } from '../../lib/app-error.js';

/** A receipt: an image or a PDF, 5 MB at most (docs/decisions/0066). */
export const MAX_RECEIPT_BYTES = 5 * 1024 * 1024;

const KINDS = {
  pdf: {
    type: 'application/pdf',
    extensions: ['pdf'],
    magic: (b: Buffer) => b.subarray(0, 5).toString('latin1') === '%PDF-',
  },
  jpeg: {
    type: 'image/jpeg',
    extensions: ['jpg', 'jpeg'],
    magic: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  },
  png: {
    type: 'image/png',
    extensions: ['png'],
    magic: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  webp: {
    type: 'image/webp',
    extensions: ['webp'],
    magic: (b: Buffer) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
} as const;

export interface TReceiptUpload {
  fileName: string;
  data: Buffer;
}

export interface TCheckedReceipt {
  name: string;
  type: string;
  extension: string;
  data: Buffer;
}

/**
 * The same rules as the import's upload safety (decision 0036): the declared type (extension) is
 * checked first, then the magic bytes must agree with it, so a renamed executable or HTML page is
 * refused. The server never parses a receipt; it is served back with its checked type, as an
 * attachment, never sniffed by the browser.
 */
export function checkReceipt(upload: TReceiptUpload): TCheckedReceipt {
  const refuse = () => AppError.validation({ receipt: [m('payment.receipt_type')] });
  const extension = path.extname(upload.fileName).slice(1).toLowerCase();
  const kind = Object.values(KINDS).find((k) => (k.extensions as readonly string[]).includes(extension));
  if (!kind || upload.data.length < 12 || !kind.magic(upload.data)) throw refuse();
  if (upload.data.length > MAX_RECEIPT_BYTES) {
    throw AppError.validation({ receipt: [m('payment.receipt_too_large', { max: MAX_RECEIPT_BYTES / 1024 / 1024 })] });
  }
  const base = path
    .basename(upload.fileName)
    .replace(/[^\p{L}\p{N}._ -]/gu, '_')
    .slice(0, 120);
  return { name: base || `receipt.${extension}`, type: kind.type, extension, data: upload.data };
}

export async function storeReceipt(dir: string, receipt: TCheckedReceipt): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  const file = `${crypto.randomBytes(16).toString('hex')}.${receipt.extension}`;
  await fs.writeFile(path.join(dir, file), receipt.data, { flag: 'wx' });
  return file;
}

export async function readReceipt(dir: string, file: string): Promise<Buffer | null> {
  if (!/^[0-9a-f]{32}\.[a-z]{3,4}$/.test(file)) return null;
  return fs.readFile(path.join(dir, file)).catch(() => null);
}

export async function removeReceipt(dir: string, file: string): Promise<void> {
  await fs.rm(path.join(dir, file), { force: true });
}
