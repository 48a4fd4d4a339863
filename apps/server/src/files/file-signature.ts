import path from 'node:path';
import type { TSpreadsheetKind } from './file-limits.js';

/** What the first bytes of a file say it is. `text` is anything that can be a CSV. */
export type TSniffedKind = 'zip' | 'ole2' | 'text' | 'binary';

/** Bytes enough to recognise every signature below and to judge whether the start is text. */
export const SNIFF_BYTES = 8 * 1024;

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const ZIP_EMPTY = [0x50, 0x4b, 0x05, 0x06];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
// Formats people rename by mistake or on purpose (executables, PDFs, images, archives).
const BINARY_SIGNATURES = [
  [0x4d, 0x5a], // MZ: Windows .exe/.dll
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF
  [0x52, 0x61, 0x72, 0x21], // RAR
  [0x37, 0x7a, 0xbc, 0xaf], // 7z
  [0x1f, 0x8b], // gzip
  [0xcf, 0xfa, 0xed, 0xfe], // Mach-O
];

const startsWith = (bytes: Uint8Array, signature: number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

/** The declared kind from the file name, or null for any other extension. */
export function kindFromFileName(fileName: string): TSpreadsheetKind | null {
  const extension = path.extname(fileName.trim()).toLowerCase();
  if (extension === '.xlsx') return 'xlsx';
  if (extension === '.xls') return 'xls';
  if (extension === '.csv') return 'csv';
  return null;
}

/** Classifies the first bytes of a file (at most SNIFF_BYTES are looked at). */
export function sniffKind(head: Uint8Array): TSniffedKind {
  if (startsWith(head, ZIP) || startsWith(head, ZIP_EMPTY)) return 'zip';
  if (startsWith(head, OLE2)) return 'ole2';
  if (BINARY_SIGNATURES.some((signature) => startsWith(head, signature))) return 'binary';
  return looksLikeText(head.subarray(0, SNIFF_BYTES)) ? 'text' : 'binary';
}

/** The sniffed content a declared kind must have: the extension and the magic bytes must agree. */
export function contentMatches(kind: TSpreadsheetKind, sniffed: TSniffedKind): boolean {
  if (kind === 'xlsx') return sniffed === 'zip';
  if (kind === 'xls') return sniffed === 'ole2';
  return sniffed === 'text';
}

/**
 * Text in any of the encodings we read (UTF-8, UTF-16 with a BOM, Windows-1252/1256) has no NUL
 * bytes and few control characters; executables and images have plenty of both.
 */
function looksLikeText(bytes: Uint8Array): boolean {
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) return true; // UTF-16 BOM
  let controls = 0;
  for (const byte of bytes) {
    if (byte === 0) return false;
    // Tab, LF, CR and form feed are text; the rest of C0 (and DEL) are not.
    if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) || byte === 0x7f) controls++;
  }
  return controls <= Math.max(2, bytes.length / 100);
}
