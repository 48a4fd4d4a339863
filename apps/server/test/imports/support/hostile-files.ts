// Import files built to hurt the server (the hardening issue, parts 1 and 3), generated on the fly:
// nothing big is committed. Used by the hostile-upload tests and by `npm run bench:uploads`.
import zlib from 'node:zlib';
import { buildZip, deflatedPart, workbookParts } from '../../files/support/fixtures.js';

type TZipPart = ReturnType<typeof deflatedPart>;

const REQUIRED_HEADERS = ['customer_full_name', 'customer_phone_1', 'state', 'city', 'product'];

/** A zip part deflated piece by piece, so hundreds of MB of content are never held at once. */
export async function streamedPart(name: string, pieces: Iterable<string>): Promise<TZipPart> {
  const deflate = zlib.createDeflateRaw({ level: 6 });
  const out: Buffer[] = [];
  deflate.on('data', (d: Buffer) => out.push(d));
  let crc = 0;
  let size = 0;
  for (const piece of pieces) {
    const bytes = Buffer.from(piece);
    crc = zlib.crc32(bytes, crc);
    size += bytes.length;
    if (!deflate.write(bytes)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  const ended = new Promise((resolve) => deflate.once('end', resolve));
  deflate.end();
  await ended;
  return { name, compressed: Buffer.concat(out), size, crc };
}

/**
 * An .xlsx whose first sheet is a header and one order (its texts in the shared strings), and whose
 * shared strings table holds `strings` entries: the headers, then `text(i)`.
 */
export async function sharedStringsWorkbook(strings: number, text: (i: number) => string): Promise<Buffer> {
  const row = (r: number, first: number) =>
    `<row r="${r}">${REQUIRED_HEADERS.map((_, c) => `<c r="${String.fromCharCode(65 + c)}${r}" t="s"><v>${first + c}</v></c>`).join('')}</row>`;
  const sheet = deflatedPart(
    'xl/worksheets/sheet1.xml',
    `<worksheet><sheetData>${row(1, 0)}${row(2, REQUIRED_HEADERS.length)}</sheetData></worksheet>`,
  );
  function* table() {
    yield `<?xml version="1.0" encoding="UTF-8"?><sst count="${strings}" uniqueCount="${strings}">`;
    let piece = '';
    for (let i = 0; i < strings; i++) {
      const value = i < REQUIRED_HEADERS.length ? REQUIRED_HEADERS[i]! : text(i);
      piece += `<si><t>${value}</t></si>`;
      if (piece.length > 256 * 1024) {
        yield piece;
        piece = '';
      }
    }
    yield `${piece}</sst>`;
  }
  return buildZip([...workbookParts(sheet), await streamedPart('xl/sharedStrings.xml', table())]);
}

/**
 * The issue's shared-strings bomb: a table of ~`megabytes` MB of distinct short strings that
 * compresses ~60:1, under the per-part ratio check (100) and the 300 MB total.
 */
export function sharedStringsBomb(megabytes: number): Promise<Buffer> {
  // `<si><t>Commande 1234567.....</t></si>` is ~180 bytes; the run of dots makes the ratio.
  const filler = '.'.repeat(150);
  return sharedStringsWorkbook(Math.round((megabytes * 1024 * 1024) / 180), (i) => `Commande ${i}${filler}`);
}

/** A CSV of `rows` rows of `columns` short fields each: 100,000 columns make ~19 MB in 95 rows. */
export function wideCsv(columns: number, rows: number): Buffer {
  const header = Array.from({ length: columns }, (_, c) =>
    c < REQUIRED_HEADERS.length ? REQUIRED_HEADERS[c] : `c${c}`,
  );
  const line = Array.from({ length: columns }, () => '5').join(',');
  return Buffer.from([header.join(','), ...Array.from({ length: rows }, () => line)].join('\r\n'));
}

/** An order CSV of `rows` rows, as short as rows get (~17 bytes: 1,000,000 rows stay under the 20 MB cap). */
export function longCsv(rows: number): Buffer {
  const parts = [`${REQUIRED_HEADERS.join(',')}\n`];
  for (let i = 0; i < rows; i++) parts.push(`K,${i},16,A,P\n`);
  return Buffer.from(parts.join(''));
}
