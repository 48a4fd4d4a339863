import { Worker } from 'node:worker_threads';
import type { TSandboxReply, TSandboxRequest } from './sandbox-messages.js';

/** Why a sandboxed read stopped without an answer. */
export type TSandboxFailure = 'memory' | 'time' | 'crash';

/** A sandboxed read that ran out of memory or time, or whose thread died: the server itself is unharmed. */
export class ParseSandboxError extends Error {
  constructor(
    readonly failure: TSandboxFailure,
    message: string,
  ) {
    super(message);
    this.name = 'ParseSandboxError';
  }
}

export interface TSandboxLimits {
  /** V8 old generation of the thread, MB: the most one file's reading may hold. */
  memoryMb: number;
  /** How long one request (an inspection, or one chunk of rows) may take. */
  timeoutMs: number;
}

// A plain-JavaScript boot that registers tsx, so the thread loads our TypeScript the same way under
// `npm start` (node --import tsx, which Node 20 does not pass on to threads) and under vitest.
const BOOT = new URL('./sandbox-boot.mjs', import.meta.url);
const ENTRY = new URL('./sandbox-entry.ts', import.meta.url).href;

/**
 * One worker thread that reads files for the main thread (docs/decisions/0036). V8 enforces the
 * memory limit inside the thread: a read that overruns it ends the thread with
 * ERR_WORKER_OUT_OF_MEMORY instead of the process. One request at a time.
 */
export class SandboxThread {
  /** V8's heap in use after the last answer, to decide whether the thread is worth keeping. */
  heapUsed = 0;
  private readonly worker: Worker;
  private failure: ParseSandboxError | null = null;
  private pending: { resolve: (reply: TSandboxReply) => void; reject: (error: Error) => void } | null = null;

  constructor(private readonly limits: TSandboxLimits) {
    this.worker = new Worker(BOOT, {
      workerData: { entry: ENTRY },
      execArgv: [],
      resourceLimits: {
        maxOldGenerationSizeMb: limits.memoryMb,
        maxYoungGenerationSizeMb: Math.min(16, Math.ceil(limits.memoryMb / 8)),
      },
    });
    this.worker.on('message', (reply: TSandboxReply) => {
      this.heapUsed = reply.heapUsed;
      this.settle((p) => p.resolve(reply));
    });
    this.worker.on('error', (error: Error & { code?: string }) => {
      this.fail(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new ParseSandboxError('memory', 'The file reader ran out of memory.')
          : new ParseSandboxError('crash', `The file reader crashed: ${error.message}`),
      );
    });
    this.worker.on('exit', (code) => this.fail(new ParseSandboxError('crash', `The file reader stopped (${code}).`)));
    // An idle thread never keeps the process alive; a request holds it for its duration.
    this.worker.unref();
  }

  get alive(): boolean {
    return this.failure === null;
  }

  /** Sends one request and waits for its answer; a thread over its time is ended and fails the request. */
  request(message: TSandboxRequest): Promise<TSandboxReply> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.pending) return Promise.reject(new Error('A sandbox thread answers one request at a time.'));
    this.worker.ref();
    return new Promise<TSandboxReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.fail(new ParseSandboxError('time', 'The file reader took too long.'));
        void this.worker.terminate();
      }, this.limits.timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.worker.unref();
      };
      this.pending = {
        resolve: (reply) => (done(), resolve(reply)),
        reject: (error) => (done(), reject(error)),
      };
      this.worker.postMessage(message);
    });
  }

  async terminate(): Promise<void> {
    this.fail(new ParseSandboxError('crash', 'The file reader was stopped.'));
    await this.worker.terminate();
  }

  private fail(error: ParseSandboxError): void {
    this.failure ??= error;
    this.settle((p) => p.reject(this.failure!));
  }

  private settle(action: (pending: NonNullable<SandboxThread['pending']>) => void): void {
    const pending = this.pending;
    this.pending = null;
    if (pending) action(pending);
  }
}
