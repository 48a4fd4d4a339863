import type { TFileLimits, TSpreadsheetKind } from './file-limits.js';
import type { TSheetRow } from './spreadsheet-reader.js';

/** What the main thread and a sandbox thread say to each other (structured-cloned, never shared). */
export interface TSandboxFile {
  path: string;
  kind: TSpreadsheetKind;
  limits?: Partial<TFileLimits>;
}

export type TSandboxRequest =
  | { type: 'inspect'; file: TSandboxFile }
  | { type: 'open'; file: TSandboxFile; chunkSize: number; skipThroughRow: number }
  | { type: 'next' }
  | { type: 'close' };

export type TSandboxAnswer =
  | { type: 'inspected'; dataRows: number; headers: string[] }
  | { type: 'opened'; headers: string[]; headerRowNumber: number }
  | { type: 'chunk'; rows: TSheetRow[] }
  | { type: 'done' }
  | { type: 'closed' }
  /** The file broke one of the rules of file-limits.ts: its message (a catalogue token) is for the seller. */
  | { type: 'refused'; message: string }
  | { type: 'failed'; message: string };

/** Every answer carries the thread's heap in use, so the pool can tell a thread worth keeping. */
export type TSandboxReply = TSandboxAnswer & { heapUsed: number };
