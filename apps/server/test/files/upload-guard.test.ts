import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { FILE_MESSAGES } from '../../src/files/file-limits.js';
import { checkSpreadsheetFile, receiveUpload } from '../../src/files/upload-guard.js';
import { AppError } from '../../src/lib/app-error.js';
import {
  buildZip,
  deflatedPart,
  hugeUpload,
  tempDir,
  workbookParts,
  writeWorkbook,
  zerosPart,
} from './support/fixtures.js';

// ARCHITECTURE 3.9 / issue 6: every bad upload gets a clear 422 on `file` within a second, and
// nothing is left on disk.
const dir = tempDir();
let bombSheet: Awaited<ReturnType<typeof zerosPart>>;
beforeAll(async () => {
  // 400 MB of zeros deflate to ~400 KB: the payload of the bombs below.
  bombSheet = await zerosPart('xl/worksheets/sheet1.xml', 400);
});

async function refusal(promise: Promise<unknown>): Promise<{ message: string; ms: number; errors: unknown }> {
  const started = performance.now();
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  const ms = performance.now() - started;
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.code).toBe('validation');
  return { message: appError.message, ms, errors: appError.errors };
}

const upload = (body: Buffer | Readable, fileName: string, name = fileName) =>
  receiveUpload({
    source: Buffer.isBuffer(body) ? Readable.from([body]) : body,
    fileName,
    destination: path.join(dir, `dest-${name}`),
  });

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

describe('receiveUpload', () => {
  it('stores a real .xlsx and reports its first sheet and row count', async () => {
    const source = path.join(dir, 'ok.xlsx');
    await writeWorkbook(source, [{ name: 'Orders', rows: [['name'], ['Amine'], ['Sara']] }]);
    const received = await upload(await fs.readFile(source), 'Commandes Mars.XLSX', 'ok.xlsx');
    expect(received.kind).toBe('xlsx');
    expect(received.bytes).toBe((await fs.stat(source)).size);
    expect(received.xlsx).toMatchObject({
      sheetPath: 'xl/worksheets/sheet1.xml',
      sheetFileNumber: 1,
      rowsWithValues: 3,
    });
    expect(await fs.readFile(received.path)).toEqual(await fs.readFile(source));
  });

  it('refuses a 200 MB upload while it streams: within a second, having read about 20 MB', async () => {
    // 1 MB every 10 ms: the whole body would take two seconds to arrive.
    const { stream, produced, stop } = hugeUpload(200, 10);
    const result = await refusal(upload(stream, 'big.xlsx'));
    const pulledAtRefusal = produced();
    stop();
    expect(result.message).toBe(FILE_MESSAGES.tooLarge(20 * 1024 * 1024));
    expect(result.message).toBe('The file is larger than the 20 MB limit.');
    expect(result.errors).toEqual({ file: [result.message] });
    expect(result.ms).toBeLessThan(1000);
    expect(pulledAtRefusal).toBeLessThan(40 * 1024 * 1024);
    expect(await exists(path.join(dir, 'dest-big.xlsx'))).toBe(false);
  });

  it('never holds a 200 MB upload in memory: the rest is discarded as it arrives', async () => {
    const { stream, produced } = hugeUpload(200);
    const rssBefore = process.memoryUsage().rss;
    const result = await refusal(upload(stream, 'fast.xlsx'));
    expect(result.ms).toBeLessThan(1000);
    await finished(stream);
    expect(produced()).toBe(200 * 1024 * 1024); // drained (a multipart part must be consumed)...
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024); // ...not kept
    expect(await exists(path.join(dir, 'dest-fast.xlsx'))).toBe(false);
  });

  it('refuses a renamed .exe by its magic bytes, whatever spreadsheet extension it wears', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(4096, 0x00)]);
    for (const name of ['invoice.xlsx', 'invoice.csv', 'invoice.xls']) {
      const result = await refusal(upload(exe, name));
      expect(result.message).toBe(FILE_MESSAGES.mismatch(path.extname(name)));
      expect(result.ms).toBeLessThan(1000);
      expect(await exists(path.join(dir, `dest-${name}`))).toBe(false);
    }
  });

  it('refuses other extensions before reading, and an empty file name', async () => {
    expect((await refusal(upload(Buffer.from('a,b'), 'orders.exe'))).message).toBe(
      'Only .xlsx, .xls and .csv files can be imported.',
    );
    expect((await refusal(upload(Buffer.from('a,b'), 'orders.pdf'))).message).toBe(FILE_MESSAGES.type);
    expect((await refusal(upload(Buffer.from('a,b'), '  '))).message).toBe('Please select a file to import');
  });

  it('refuses an empty file', async () => {
    for (const name of ['empty.csv', 'empty.xlsx']) {
      const result = await refusal(upload(Readable.from([]), name));
      expect(result.message).toBe('The file is empty.');
      expect(result.ms).toBeLessThan(1000);
    }
  });

  it('refuses content of another spreadsheet type than its extension', async () => {
    const source = path.join(dir, 'real.xlsx');
    await writeWorkbook(source, [{ name: 'Orders', rows: [['name'], ['x']] }]);
    const xlsxBytes = await fs.readFile(source);
    expect((await refusal(upload(xlsxBytes, 'renamed.xls'))).message).toBe(FILE_MESSAGES.mismatch('.xls'));
    expect((await refusal(upload(xlsxBytes, 'renamed.csv'))).message).toBe(FILE_MESSAGES.mismatch('.csv'));
    expect((await refusal(upload(Buffer.from('name,phone\nA,1\n'), 'text.xlsx'))).message).toBe(
      FILE_MESSAGES.mismatch('.xlsx'),
    );
  });

  it('accepts an OLE2 .xls and a text .csv (their readers decide what comes next)', async () => {
    const ole2 = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1024)]);
    expect((await upload(ole2, 'old.xls')).kind).toBe('xls');
    expect((await upload(Buffer.from('\ufeffname;ville\r\nAmine;Médéa\r\n'), 'ok.csv')).kind).toBe('csv');
  });
});

describe('the .xlsx zip pre-check', () => {
  it('refuses a zip bomb (small file, huge declared size) from its central directory, in milliseconds', async () => {
    const bomb = buildZip(workbookParts(bombSheet));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const result = await refusal(upload(bomb, 'bomb.xlsx'));
    expect(result.message).toBe('The .xlsx file would expand to more than 300 MB once uncompressed.');
    expect(result.ms).toBeLessThan(1000);
    expect(await exists(path.join(dir, 'dest-bomb.xlsx'))).toBe(false);
  });

  it('refuses a part compressed beyond any spreadsheet ratio', async () => {
    const dense = buildZip(workbookParts(await zerosPart('xl/worksheets/sheet1.xml', 50)));
    const result = await refusal(upload(dense, 'dense.xlsx'));
    expect(result.message).toBe(FILE_MESSAGES.zipRatio);
    expect(result.ms).toBeLessThan(1000);
  });

  it('refuses a bomb whose headers lie about its size, as soon as inflating passes the declared size', async () => {
    const liar = buildZip(workbookParts(await zerosPart('xl/worksheets/sheet1.xml', 200, 2_000)));
    const result = await refusal(upload(liar, 'liar.xlsx'));
    expect(result.message).toBe(FILE_MESSAGES.zipDamaged);
    expect(result.ms).toBeLessThan(1000);
  });

  it('refuses a zip hiding a local entry the central directory does not list', async () => {
    const sheet = deflatedPart('xl/worksheets/sheet1.xml', '<worksheet><sheetData/></worksheet>');
    const hidden = deflatedPart('xl/sharedStrings.xml', '<sst/>');
    const result = await refusal(upload(buildZip(workbookParts(sheet), [hidden]), 'hidden.xlsx'));
    expect(result.message).toBe(FILE_MESSAGES.zipDamaged);
  });

  it('refuses a zip with thousands of parts before reading any of them', async () => {
    const parts = Array.from({ length: 2_500 }, (_, i) => deflatedPart(`xl/media/p${i}.xml`, 'x'));
    const result = await refusal(upload(buildZip(parts), 'many.xlsx'));
    expect(result.message).toBe(FILE_MESSAGES.zipTooManyEntries);
    expect(result.ms).toBeLessThan(1000);
  });

  it('refuses a zip that is not a workbook, and a damaged one', async () => {
    const notWorkbook = buildZip([
      deflatedPart('word/document.xml', '<w/>'),
      deflatedPart('[Content_Types].xml', '<T/>'),
    ]);
    expect((await refusal(upload(notWorkbook, 'letter.xlsx'))).message).toBe(FILE_MESSAGES.notWorkbook);
    const truncated = buildZip(workbookParts(deflatedPart('xl/worksheets/sheet1.xml', '<worksheet/>'))).subarray(
      0,
      200,
    );
    expect((await refusal(upload(truncated, 'cut.xlsx'))).message).toBe(FILE_MESSAGES.zipDamaged);
  });

  it('checkSpreadsheetFile applies the same checks to a file already on disk', async () => {
    const file = path.join(dir, 'on-disk-bomb.xlsx');
    await fs.writeFile(file, buildZip(workbookParts(bombSheet)));
    expect((await refusal(checkSpreadsheetFile({ path: file, fileName: 'x.xlsx' }))).message).toMatch(/expand/);
    await fs.writeFile(file, Buffer.alloc(25 * 1024 * 1024, 0x41));
    expect((await refusal(checkSpreadsheetFile({ path: file, fileName: 'x.csv' }))).message).toBe(
      FILE_MESSAGES.tooLarge(20 * 1024 * 1024),
    );
  });
});

describe('an upload the client abandons', () => {
  it('fails with the stream error and leaves no file', async () => {
    const source = new Readable({ read() {} });
    source.push(Buffer.from('name,phone\n'));
    const pending = upload(source, 'abandoned.csv');
    setTimeout(() => source.destroy(new Error('aborted by the client')), 20);
    await expect(pending).rejects.toThrow('aborted by the client');
    expect(await exists(path.join(dir, 'dest-abandoned.csv'))).toBe(false);
  });
});
