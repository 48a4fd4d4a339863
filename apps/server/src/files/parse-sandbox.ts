import type { AppError } from '../lib/app-error.js';
import { FILE_REFUSALS, fileRefused, type TSpreadsheetKind } from './file-limits.js';
import type { TSandboxAnswer, TSandboxFile, TSandboxReply } from './sandbox-messages.js';
import { type ParseSandboxError, SandboxThread, type TSandboxLimits } from './sandbox-thread.js';
import type { TSheetRow, TSpreadsheet } from './spreadsheet-reader.js';

export { ParseSandboxError } from './sandbox-thread.js';

export interface TParseSandboxOptions extends Partial<TSandboxLimits> {
  /** Threads reading at once; more reads wait their turn. */
  maxThreads?: number;
}

// 256 MB holds the largest file the limits let through (1,000,000 shared strings, ~130 MB in
// ExcelJS) with room; two uploads and two imports at once stay within a small server's memory.
const DEFAULTS = { memoryMb: 256, timeoutMs: 60_000, maxThreads: 4 };
// A thread is kept for the next read only if the last one left little behind in its heap.
const KEEP_BELOW_HEAP_BYTES = 64 * 1024 * 1024;

/**
 * Reads spreadsheets in worker threads (docs/decisions/0036): parsing never blocks the event loop
 * other shops' requests run on, and a file that needs more memory or time than allowed ends its
 * thread, not the server. Threads boot in ~0.5 s, so one idle thread is kept once warm() is called.
 */
export class ParseSandbox {
  private readonly limits: TSandboxLimits;
  private readonly maxThreads: number;
  private spare: SandboxThread | null = null;
  private keepWarm = false;
  private busy = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(options: TParseSandboxOptions = {}) {
    this.limits = {
      memoryMb: options.memoryMb ?? DEFAULTS.memoryMb,
      timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    };
    this.maxThreads = options.maxThreads ?? DEFAULTS.maxThreads;
  }

  /** Boots a thread ahead of the first read, and keeps one ready after each. */
  warm(): void {
    this.keepWarm = true;
    this.spare ??= new SandboxThread(this.limits);
  }

  /** SPEC 8's 'Import started with N rows': the data rows and the header row of an uploaded file. */
  async inspect(file: TSandboxFile): Promise<{ dataRows: number; headers: string[] }> {
    const thread = await this.acquire();
    try {
      const reply = expectAnswer(await thread.request({ type: 'inspect', file }), 'inspected');
      return { dataRows: reply.dataRows, headers: reply.headers };
    } finally {
      this.release(thread);
    }
  }

  /** openSpreadsheet in a thread that stays the reader's until its chunks end or close() is called. */
  async open(options: TSandboxFile & { chunkSize: number; skipThroughRow?: number }): Promise<TSpreadsheet> {
    const { chunkSize, skipThroughRow = 0, ...file } = options;
    const thread = await this.acquire();
    let opened: Extract<TSandboxAnswer, { type: 'opened' }>;
    try {
      opened = expectAnswer(await thread.request({ type: 'open', file, chunkSize, skipThroughRow }), 'opened');
    } catch (error) {
      this.release(thread);
      throw error;
    }
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await thread.request({ type: 'close' }).catch(() => thread.terminate());
      this.release(thread);
    };
    async function* chunks(): AsyncGenerator<TSheetRow[]> {
      try {
        for (;;) {
          const reply = expectAnswer(await thread.request({ type: 'next' }), 'chunk', 'done');
          if (reply.type === 'done') return;
          yield reply.rows;
        }
      } finally {
        await close();
      }
    }
    return { headers: opened.headers, headerRowNumber: opened.headerRowNumber, chunks, close };
  }

  private async acquire(): Promise<SandboxThread> {
    while (this.busy >= this.maxThreads) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.busy++;
    const spare = this.spare?.alive ? this.spare : null;
    this.spare = null;
    return spare ?? new SandboxThread(this.limits);
  }

  private release(thread: SandboxThread): void {
    this.busy--;
    if (!this.spare && thread.alive && thread.heapUsed < KEEP_BELOW_HEAP_BYTES) {
      this.spare = thread;
    } else {
      void thread.terminate();
      if (this.keepWarm && !this.spare) this.spare = new SandboxThread(this.limits);
    }
    this.waiting.shift()?.();
  }
}

function expectAnswer<T extends TSandboxAnswer['type']>(
  reply: TSandboxReply,
  ...types: T[]
): Extract<TSandboxAnswer, { type: T }> {
  if (reply.type === 'refused') throw fileRefused(reply.message);
  if (reply.type === 'failed') throw new Error(reply.message);
  if (!(types as string[]).includes(reply.type)) throw new Error(`Unexpected sandbox answer ${reply.type}.`);
  return reply as TSandboxAnswer as Extract<TSandboxAnswer, { type: T }>;
}

/** The seller's words for a read the sandbox had to stop: the file, not the server, was the problem. */
export function sandboxRefusal(error: ParseSandboxError, kind: TSpreadsheetKind): AppError {
  if (error.failure === 'memory') return fileRefused(FILE_REFUSALS.tooComplex);
  if (error.failure === 'time') return fileRefused(FILE_REFUSALS.tooSlow);
  return fileRefused(FILE_REFUSALS.unreadable(`.${kind}`));
}

/** The process's sandbox: uploads and import jobs share its threads. */
export const parseSandbox = new ParseSandbox();
