import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { m } from '@cod/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';

/** A receipt: an image or a PDF, 5 MB at most (docs/decisions/0066). */
export const MAX_RECEIPT_BYTES = 5 * 1024 * 1024;

/** File kinds by their declared extension and their magic bytes (receipts and tutorials share them). */
export const UPLOAD_KINDS = {
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
  mp4: {
    type: 'video/mp4',
    extensions: ['mp4', 'm4v'],
    // An ISO media file: a box size, then 'ftyp'.
    magic: (b: Buffer) => b.subarray(4, 8).toString('latin1') === 'ftyp',
  },
  webm: {
    type: 'video/webm',
    extensions: ['webm'],
    magic: (b: Buffer) => b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3,
  },
} as const;

export type TUploadKind = keyof typeof UPLOAD_KINDS;

const RECEIPT_KINDS: readonly TUploadKind[] = ['pdf', 'jpeg', 'png', 'webp'];

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

/** What an upload may be: its kinds, its size, and the field its refusals are said on. */
export interface TUploadRules {
  kinds: readonly TUploadKind[];
  maxBytes: number;
  field: string;
  typeError: () => AppError;
  tooLargeError: () => AppError;
  fallbackName: string;
}

/**
 * The same rules as the import's upload safety (decision 0036): the declared type (extension) is
 * checked first, then the magic bytes must agree with it, so a renamed executable or HTML page is
 * refused. The server never parses the file; it is served back with its checked type, never
 * sniffed by the browser.
 */
export function checkUpload(upload: TReceiptUpload, rules: TUploadRules): TCheckedReceipt {
  const extension = path.extname(upload.fileName).slice(1).toLowerCase();
  const kind = rules.kinds
    .map((k) => UPLOAD_KINDS[k])
    .find((k) => (k.extensions as readonly string[]).includes(extension));
  if (!kind || upload.data.length < 12 || !kind.magic(upload.data)) throw rules.typeError();
  if (upload.data.length > rules.maxBytes) throw rules.tooLargeError();
  const base = path
    .basename(upload.fileName)
    .replace(/[^\p{L}\p{N}._ -]/gu, '_')
    .slice(0, 120);
  return { name: base || `${rules.fallbackName}.${extension}`, type: kind.type, extension, data: upload.data };
}

const receiptTooLarge = () =>
  AppError.validation({ receipt: [m('payment.receipt_too_large', { max: MAX_RECEIPT_BYTES / 1024 / 1024 })] });

/** A payment's receipt: an image or a PDF (docs/decisions/0066). */
export function checkReceipt(upload: TReceiptUpload): TCheckedReceipt {
  return checkUpload(upload, {
    kinds: RECEIPT_KINDS,
    maxBytes: MAX_RECEIPT_BYTES,
    field: 'receipt',
    typeError: () => AppError.validation({ receipt: [m('payment.receipt_type')] }),
    tooLargeError: receiptTooLarge,
    fallbackName: 'receipt',
  });
}

/**
 * A multipart form with one file (registered in the route's own scope with its size cap): its
 * text fields, and the file of `fileField` when one was sent. A file over the cap is `tooLarge`.
 */
export async function readUploadForm(
  request: FastifyRequest,
  fileField: string,
  tooLarge: () => AppError,
): Promise<{ fields: Record<string, string>; upload: TReceiptUpload | null }> {
  const fields: Record<string, string> = {};
  let upload: TReceiptUpload | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      try {
        const data = await part.toBuffer();
        if (part.fieldname === fileField && data.length) upload = { fileName: part.filename, data };
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw error;
      }
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  return { fields, upload };
}

/** The receipt form of POST /central/payments. */
export const readPaymentForm = (request: FastifyRequest) => readUploadForm(request, 'receipt', receiptTooLarge);

export async function storeReceipt(dir: string, receipt: TCheckedReceipt): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  const file = `${crypto.randomBytes(16).toString('hex')}.${receipt.extension}`;
  await fs.writeFile(path.join(dir, file), receipt.data, { flag: 'wx' });
  return file;
}

export async function readReceipt(dir: string, file: string): Promise<Buffer | null> {
  if (!/^[0-9a-f]{32}\.[a-z0-9]{3,4}$/.test(file)) return null;
  return fs.readFile(path.join(dir, file)).catch(() => null);
}

export async function removeReceipt(dir: string, file: string): Promise<void> {
  await fs.rm(path.join(dir, file), { force: true });
}
