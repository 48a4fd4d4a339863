import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { isFileRefusal } from './file-limits.js';
import type { TSandboxAnswer, TSandboxFile, TSandboxRequest } from './sandbox-messages.js';
import { inspectSpreadsheet, openSpreadsheet, type TSheetRow, type TSpreadsheet } from './spreadsheet-reader.js';

// Runs inside a sandbox thread (sandbox-thread.ts): the file reading of the upload check and of
// the import job, away from the event loop and under the thread's own memory limit.
let sheet: TSpreadsheet | null = null;
let chunks: AsyncIterator<TSheetRow[]> | null = null;

parentPort!.on('message', (request: TSandboxRequest) => {
  void answer(request).then((reply) =>
    parentPort!.postMessage({ ...reply, heapUsed: getHeapStatistics().used_heap_size }),
  );
});

async function answer(request: TSandboxRequest): Promise<TSandboxAnswer> {
  try {
    switch (request.type) {
      case 'inspect':
        return { type: 'inspected', ...(await inspectImportFile(request.file)) };
      case 'open':
        sheet = await openSpreadsheet({
          ...request.file,
          chunkSize: request.chunkSize,
          skipThroughRow: request.skipThroughRow,
        });
        chunks = sheet.chunks()[Symbol.asyncIterator]();
        return { type: 'opened', headers: sheet.headers, headerRowNumber: sheet.headerRowNumber };
      case 'next': {
        const next = await chunks!.next();
        return next.done ? { type: 'done' } : { type: 'chunk', rows: next.value };
      }
      case 'close':
        await chunks?.return?.(undefined);
        await sheet?.close();
        sheet = null;
        chunks = null;
        return { type: 'closed' };
    }
  } catch (error) {
    // The token, so the main thread's refusal keeps its code (docs/decisions/0041).
    if (isFileRefusal(error)) return { type: 'refused', message: error.token };
    return { type: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}

/** What the upload needs before it answers (SPEC 8 'Import started with N rows'): the row count and the headers. */
async function inspectImportFile(file: TSandboxFile): Promise<{ dataRows: number; headers: string[] }> {
  const summary = await inspectSpreadsheet(file);
  const opened = await openSpreadsheet({ ...file, chunkSize: 1, ...(summary.xlsx ? { xlsx: summary.xlsx } : {}) });
  await opened.close();
  return { dataRows: summary.dataRows, headers: opened.headers };
}
