import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FILE_MESSAGES } from '../../src/files/file-limits.js';
import { ParseSandbox, ParseSandboxError } from '../../src/files/parse-sandbox.js';
import { openSpreadsheet, type TSheetRow, type TSpreadsheet } from '../../src/files/spreadsheet-reader.js';
import { AppError } from '../../src/lib/app-error.js';
import { longCsv, sharedStringsWorkbook } from '../imports/support/hostile-files.js';
import { tempDir, writeWorkbook } from './support/fixtures.js';

// docs/decisions/0036: files are read in worker threads; a thread that runs out of memory or time
// ends alone, with the reason, and the process that started it carries on.
const dir = tempDir();
const write = async (name: string, content: Buffer | string) => {
  const file = path.join(dir, name);
  await fs.writeFile(file, content);
  return file;
};

async function allRows(sheet: TSpreadsheet): Promise<TSheetRow[]> {
  const rows: TSheetRow[] = [];
  for await (const chunk of sheet.chunks()) rows.push(...chunk);
  return rows;
}

async function failure(promise: Promise<unknown>): Promise<ParseSandboxError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ParseSandboxError);
  return error as ParseSandboxError;
}

describe('the parse sandbox', () => {
  const sandbox = new ParseSandbox();

  it('inspects and reads a file in a thread exactly as in process', async () => {
    const file = path.join(dir, 'orders.xlsx');
    await writeWorkbook(file, [
      {
        name: 'Orders',
        rows: [
          ['name', 'phone'],
          ['محمد', '0555123456'],
          [null, null],
          ['Amélie', { formula: '1+1', result: 2 }],
        ],
      },
    ]);
    expect(await sandbox.inspect({ path: file, kind: 'xlsx' })).toEqual({ dataRows: 2, headers: ['name', 'phone'] });
    const inThread = await sandbox.open({ path: file, kind: 'xlsx', chunkSize: 1 });
    const inProcess = await openSpreadsheet({ path: file, kind: 'xlsx', chunkSize: 1 });
    expect(inThread.headers).toEqual(inProcess.headers);
    expect(await allRows(inThread)).toEqual(await allRows(inProcess));
  });

  it('refuses a file with the same 422 as in process', async () => {
    const file = await write('million.csv', longCsv(1_000_000));
    const error = await sandbox.inspect({ path: file, kind: 'csv' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).errors).toEqual({ file: [FILE_MESSAGES.tooManyRows(200_000)] });
  });

  it('ends a thread that runs out of memory, and reads the next file in a new one', async () => {
    const small = new ParseSandbox({ memoryMb: 24 });
    // 150,000 texts of ~70 characters: within every limit, more than 24 MB once ExcelJS holds them.
    const heavy = await write(
      'heavy.xlsx',
      await sharedStringsWorkbook(150_000, (i) => `Client ${i} ${'x'.repeat(60)}`),
    );
    const reading = small.open({ path: heavy, kind: 'xlsx', chunkSize: 100 }).then(allRows);
    expect((await failure(reading)).failure).toBe('memory');
    const csv = await write('small.csv', 'name,phone\r\nAmine,0555\r\n');
    expect(await small.inspect({ path: csv, kind: 'csv' })).toEqual({ dataRows: 1, headers: ['name', 'phone'] });
  });

  it('ends a thread over its time', async () => {
    const slow = new ParseSandbox({ timeoutMs: 1 });
    const file = await write('cap.csv', longCsv(200_000));
    expect((await failure(slow.inspect({ path: file, kind: 'csv' }))).failure).toBe('time');
  });
});
