import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll } from 'vitest';

/** A temp directory removed after the file's tests; call it at the top of a test file. */
export function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'files-test-'));
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

export type TCell = string | number | boolean | null | { formula: string; result?: string | number };

/** A real .xlsx (ExcelJS's document writer, shared strings and all), rows placed at their row numbers. */
export async function writeWorkbook(
  file: string,
  sheets: Array<{ name: string; rows: Map<number, TCell[]> | TCell[][] }>,
) {
  const workbook = new ExcelJS.Workbook();
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name);
    const entries = sheet.rows instanceof Map ? [...sheet.rows] : sheet.rows.map((r, i) => [i + 1, r] as const);
    for (const [rowNumber, cells] of entries) {
      cells.forEach((cell, i) => {
        if (cell !== null) worksheet.getRow(rowNumber).getCell(i + 1).value = cell as ExcelJS.CellValue;
      });
    }
  }
  await workbook.xlsx.writeFile(file);
}

interface TZipPart {
  name: string;
  /** Deflated bytes and the true uncompressed size and CRC. */
  compressed: Buffer;
  size: number;
  crc: number;
  /** Lie in the headers about the uncompressed size. */
  declaredSize?: number;
}

export function deflatedPart(name: string, content: string | Buffer): TZipPart {
  const data = typeof content === 'string' ? Buffer.from(content) : content;
  return { name, compressed: zlib.deflateRawSync(data), size: data.length, crc: zlib.crc32(data) };
}

/** `megabytes` of zeros deflated in 1 MB steps (never held in memory): ~1 KB per MB, a bomb's payload. */
export async function zerosPart(name: string, megabytes: number, declaredSize?: number): Promise<TZipPart> {
  const chunk = Buffer.alloc(1024 * 1024);
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (d: Buffer) => out.push(d));
  let crc = 0;
  for (let i = 0; i < megabytes; i++) {
    crc = zlib.crc32(chunk, crc);
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  await new Promise((resolve) => deflate.end(resolve));
  return {
    name,
    compressed: Buffer.concat(out),
    size: megabytes * chunk.length,
    crc,
    ...(declaredSize ? { declaredSize } : {}),
  };
}

/**
 * A zip written by hand, so tests can build what no honest writer makes: huge declared sizes,
 * sizes that lie, and local entries the central directory does not list (`hidden`).
 */
export function buildZip(parts: TZipPart[], hidden: TZipPart[] = []): Buffer {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of [...parts, ...hidden]) {
    const name = Buffer.from(part.name);
    const size = part.declaredSize ?? part.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(part.crc >>> 0, 14);
    local.writeUInt32LE(part.compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    chunks.push(local, name, part.compressed);
    if (!hidden.includes(part)) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(20, 4);
      header.writeUInt16LE(20, 6);
      header.writeUInt16LE(0x0800, 8);
      header.writeUInt16LE(8, 10);
      header.writeUInt32LE(part.crc >>> 0, 16);
      header.writeUInt32LE(part.compressed.length, 20);
      header.writeUInt32LE(size, 24);
      header.writeUInt16LE(name.length, 28);
      header.writeUInt32LE(offset, 42);
      central.push(header, name);
    }
    offset += 30 + name.length + part.compressed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, directory, end]);
}

/** The parts of a minimal valid workbook whose first sheet is `sheetXml`. */
export function workbookParts(sheetXml: TZipPart): TZipPart[] {
  return [
    deflatedPart(
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    ),
    deflatedPart(
      'xl/workbook.xml',
      '<workbook xmlns:r="r"><sheets><sheet name="Orders" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    deflatedPart(
      'xl/_rels/workbook.xml.rels',
      '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml" Type="worksheet"/></Relationships>',
    ),
    sheetXml,
  ];
}

/**
 * A body of `megabytes` that starts like an .xlsx, produced lazily, 1 MB every `paceMs` (a client
 * sending over a network); `produced()` tells how much was pulled, `stop()` ends it.
 */
export function hugeUpload(
  megabytes: number,
  paceMs = 0,
): { stream: Readable; produced: () => number; stop: () => void } {
  const chunk = Buffer.alloc(1024 * 1024, 0x41);
  Buffer.from([0x50, 0x4b, 0x03, 0x04]).copy(chunk);
  let produced = 0;
  let stopped = false;
  const total = megabytes * 1024 * 1024;
  const stream = new Readable({
    read() {
      if (stopped || produced >= total) return void this.push(null);
      produced += chunk.length;
      if (paceMs) setTimeout(() => this.push(chunk), paceMs);
      else this.push(chunk);
    },
  });
  return { stream, produced: () => produced, stop: () => void (stopped = true) };
}
