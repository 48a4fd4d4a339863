import fs from 'node:fs';
import { type Readable, Transform, type TransformCallback, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  FILE_MESSAGES,
  FILE_REFUSALS,
  fileLimits,
  fileRefused,
  type TFileLimits,
  type TSpreadsheetKind,
} from './file-limits.js';
import { contentMatches, kindFromFileName, SNIFF_BYTES, sniffKind } from './file-signature.js';
import { inspectXlsx, type TXlsxInspection } from './xlsx-inspection.js';

export interface TReceiveUploadOptions {
  /** The upload body, e.g. @fastify/multipart's `part.file`. Never buffered: it is streamed to `destination`. */
  source: Readable;
  /** The name the browser sent; its extension is the declared type. */
  fileName: string;
  /** Where to keep the file (the caller owns it: a data-dir path for a resumable import). */
  destination: string;
  limits?: Partial<TFileLimits>;
}

export interface TReceivedUpload {
  path: string;
  kind: TSpreadsheetKind;
  bytes: number;
  /** Present for .xlsx: the checked first sheet and its row count. */
  xlsx?: TXlsxInspection;
}

/**
 * Receives an import upload safely (ARCHITECTURE 3.9, docs/decisions/0020): the extension is checked
 * before a byte is read; bytes are counted as they stream to disk and the upload is refused the
 * moment it passes the size cap (a 200 MB body costs 20 MB of disk, never 200 MB of memory); the
 * magic bytes must match the extension (a renamed .exe is refused); an .xlsx then passes the zip
 * pre-check before anything parses it. Every refusal is a 422 on `file` with a clear message, and
 * leaves no file behind.
 */
export async function receiveUpload(options: TReceiveUploadOptions): Promise<TReceivedUpload> {
  const limits = fileLimits(options.limits);
  const stored = await storeUpload(options);
  try {
    const xlsx = stored.kind === 'xlsx' ? await inspectXlsx(stored.path, limits) : undefined;
    return { ...stored, ...(xlsx ? { xlsx } : {}) };
  } catch (error) {
    await fs.promises.rm(stored.path, { force: true });
    throw error;
  }
}

/**
 * receiveUpload's checks on the bytes only (name, size, magic bytes), none on the content: for a
 * caller that inspects the content away from the event loop (parse-sandbox.ts). Inflating an
 * .xlsx and counting its rows costs up to seconds of CPU.
 */
export async function storeUpload(options: TReceiveUploadOptions): Promise<TReceivedUpload> {
  const limits = fileLimits(options.limits);
  const kind = kindFromFileName(options.fileName);
  if (!options.fileName.trim()) return refuseUnread(options.source, FILE_REFUSALS.required);
  if (!kind) return refuseUnread(options.source, FILE_REFUSALS.type);

  const gate = new UploadGate(kind, limits.maxBytes);
  const { source } = options;
  const file = fs.createWriteStream(options.destination);
  try {
    // The source is piped, not put in the pipeline: a refusal must not destroy it (a multipart
    // part that is destroyed can leave the request hanging); it is drained below instead.
    // A client that aborts errors the source. The listener stays (an 'error' without one would
    // crash the process) and the promise is marked handled for when nobody awaits it any more.
    const aborted = new Promise<never>((_resolve, reject) => source.on('error', reject));
    const written = pipeline(gate, file);
    // Whichever loses the race below settles unobserved; neither may become an unhandled rejection.
    for (const promise of [aborted, written]) promise.catch(() => undefined);
    source.pipe(gate);
    await Promise.race([written, aborted]);
    gate.assertComplete();
    return { path: options.destination, kind, bytes: gate.bytes };
  } catch (error) {
    // Discard what is left of the upload as it arrives, never keeping it.
    source.unpipe(gate);
    source.resume();
    gate.destroy();
    // The file may still be opening: removing it before it is closed would leave it behind.
    if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()).destroy());
    await fs.promises.rm(options.destination, { force: true });
    throw gate.refusal ?? error;
  }
}

/** The same checks for a file already on disk (re-checks, tools, tests). */
export async function checkSpreadsheetFile(options: {
  path: string;
  fileName: string;
  limits?: Partial<TFileLimits>;
}): Promise<TReceivedUpload> {
  const limits = fileLimits(options.limits);
  const kind = kindFromFileName(options.fileName);
  if (!kind) throw fileRefused(FILE_REFUSALS.type);
  const gate = new UploadGate(kind, limits.maxBytes);
  try {
    await pipeline(fs.createReadStream(options.path), gate, nullSink());
  } catch (error) {
    throw gate.refusal ?? error;
  }
  gate.assertComplete();
  const xlsx = kind === 'xlsx' ? await inspectXlsx(options.path, limits) : undefined;
  return { path: options.path, kind, bytes: gate.bytes, ...(xlsx ? { xlsx } : {}) };
}

function refuseUnread(source: Readable, message: string): never {
  source.resume();
  throw fileRefused(message);
}

/** Counts bytes and checks the magic bytes as they pass; errors the pipeline at the first bad byte. */
class UploadGate extends Transform {
  bytes = 0;
  refusal: Error | null = null;
  private head: Buffer[] = [];
  private headBytes = 0;
  private sniffed = false;

  constructor(
    private readonly kind: TSpreadsheetKind,
    private readonly maxBytes: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    // English only (no code yet): this answer's body is pinned as it was (upload-multipart.test.ts).
    if (this.bytes > this.maxBytes) return callback(this.refuse(FILE_MESSAGES.tooLarge(this.maxBytes)));
    if (!this.sniffed) {
      this.head.push(chunk);
      this.headBytes += chunk.length;
      if (this.headBytes >= SNIFF_BYTES) {
        const error = this.checkSignature();
        if (error) return callback(error);
      }
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    if (this.bytes === 0) return callback(this.refuse(FILE_REFUSALS.empty));
    callback(this.sniffed ? null : this.checkSignature());
  }

  /** Throws the refusal if the stream ended without one being raised (an empty source never flushes an error). */
  assertComplete(): void {
    if (this.bytes === 0) throw this.refuse(FILE_REFUSALS.empty);
  }

  private checkSignature(): Error | null {
    this.sniffed = true;
    const head = Buffer.concat(this.head);
    this.head = [];
    if (contentMatches(this.kind, sniffKind(head))) return null;
    return this.refuse(FILE_REFUSALS.mismatch(`.${this.kind}`));
  }

  private refuse(message: string): Error {
    this.refusal = fileRefused(message);
    return this.refusal;
  }
}

function nullSink(): Writable {
  return new Writable({ write: (_chunk, _encoding, callback) => callback() });
}
