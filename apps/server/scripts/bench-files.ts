// `npm run bench:files`: the file infrastructure of issue 6 on this machine.
// - reading 10,000 and 100,000-row .xlsx and .csv order files end to end through the upload checks
//   (zip pre-check, inflate verification, row count) and the streamed reader: rows/s and peak RSS,
//   each in a fresh process so the peak is the reader's own (target: peak RSS < 400 MB at 100,000);
// - streaming an .xlsx export of 10,000 orders (target well under 3 s);
// - parcel labels per order (target < 50 ms) and an A4 orders list.
// Files are generated in a temp directory and removed afterwards. No database is needed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { writeOrdersListPdf } from '../src/documents/orders-list-pdf.js';
import { writeParcelLabels, type TParcelLabel } from '../src/documents/parcel-label.js';
import { openSpreadsheet } from '../src/files/spreadsheet-reader.js';
import { checkSpreadsheetFile } from '../src/files/upload-guard.js';
import { writeXlsx, xlsxSheet } from '../src/files/xlsx-writer.js';
import { ordersListRow } from '../test/documents/support/orders-list-row.js';
import { FIXTURE_NAMES, fixtureHeaders, writeCsvFixture, writeXlsxFixture } from './bench-fixtures.js';

const HEADERS = fixtureHeaders('price');
const row = (i: number) => [
  `${FIXTURE_NAMES[i % FIXTURE_NAMES.length]} ${i}`,
  `0555${String(i % 1_000_000).padStart(6, '0')}`,
  String((i % 58) + 1),
  'Bab Ezzouar',
  `Cité ${i % 500} logements, bât. ${i % 40}`,
  `SKU-${i % 200}`,
  String((i % 3) + 1),
  String(1500 + (i % 20) * 100),
  i % 7 ? '' : 'Appeler avant 18h',
];

const sink = () => new Writable({ write: (_chunk, _encoding, callback) => callback() });
const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Child mode: check + read one file, print {rows, ms, maxRss}. */
async function readOne(file: string): Promise<void> {
  const started = performance.now();
  const checked = await checkSpreadsheetFile({ path: file, fileName: path.basename(file) });
  const sheet = await openSpreadsheet({ path: file, kind: checked.kind, xlsx: checked.xlsx, chunkSize: 500 });
  let rows = 0;
  for await (const chunk of sheet.chunks()) rows += chunk.length;
  const ms = performance.now() - started;
  process.stdout.write(JSON.stringify({ rows, ms, maxRss: process.resourceUsage().maxRSS * 1024 }));
}

function readInChild(file: string): { rows: number; ms: number; maxRss: number } {
  const self = fileURLToPath(import.meta.url);
  const result = spawnSync(process.execPath, ['--import', 'tsx', self, '--read', file], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`reading ${file} failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as { rows: number; ms: number; maxRss: number };
}

async function benchReading(dir: string): Promise<void> {
  console.log('Reading (upload checks + streamed reader, fresh process each):');
  for (const rows of [10_000, 100_000]) {
    for (const kind of ['xlsx', 'csv'] as const) {
      const file = path.join(dir, `orders-${rows}.${kind}`);
      if (kind === 'xlsx') await writeXlsxFixture(file, HEADERS, rows, row);
      else writeCsvFixture(file, HEADERS, rows, row);
      const r = readInChild(file);
      if (r.rows !== rows) throw new Error(`read ${r.rows} rows of ${rows}`);
      const perSecond = Math.round(r.rows / (r.ms / 1000));
      console.log(
        `  ${kind.padEnd(4)} ${String(rows).padStart(7)} rows  ${mb(fs.statSync(file).size).padStart(6)}  ` +
          `${(r.ms / 1000).toFixed(2)} s  ${perSecond.toLocaleString('en-US')} rows/s  peak RSS ${mb(r.maxRss)}`,
      );
    }
  }
}

async function benchExport(): Promise<void> {
  const orders = Array.from({ length: 10_000 }, (_, i) => ({ id: i + 1, cells: row(i) }));
  const started = performance.now();
  await writeXlsx({
    stream: sink(),
    sheets: [
      xlsxSheet({
        name: 'Orders',
        columns: [
          { header: 'id', value: (o) => o.id },
          ...HEADERS.map((h, c) => ({ header: h, value: (o: (typeof orders)[number]) => o.cells[c] })),
        ],
        rows: orders,
      }),
    ],
  });
  console.log(
    `Export: 10,000 orders to .xlsx in ${((performance.now() - started) / 1000).toFixed(2)} s (target < 3 s)`,
  );
}

async function benchDocuments(): Promise<void> {
  const label = (i: number): TParcelLabel => ({
    orderNumber: `CMD-${100000 + i}`,
    trackingNumber: `YAL-${(8_000_000 + i).toString(36).toUpperCase()}`,
    carrierName: 'Yalidine',
    sender: { name: 'Boutique Lina', phone: '0550112233', address: 'Rue Didouche Mourad, Alger Centre' },
    receiver: {
      name: FIXTURE_NAMES[i % FIXTURE_NAMES.length]!,
      phone: '0555123456',
      address: 'حي 500 مسكن، عمارة 12 (الطابق 3)',
    },
    wilaya: { code: '16', name: 'Alger', nameAr: 'الجزائر' },
    commune: { name: 'Bab Ezzouar', nameAr: 'باب الزوار' },
    codAmount: 2500 + i,
    contents: '2 × Robe kabyle, 1 × Sac',
  });
  let started = performance.now();
  await writeParcelLabels({ stream: sink(), labels: [label(0)] });
  const first = performance.now() - started;
  for (let i = 1; i <= 5; i++) await writeParcelLabels({ stream: sink(), labels: [label(i)] }); // warm-up
  started = performance.now();
  for (let i = 0; i < 20; i++) await writeParcelLabels({ stream: sink(), labels: [label(i)] });
  const single = (performance.now() - started) / 20;
  started = performance.now();
  await writeParcelLabels({ stream: sink(), labels: Array.from({ length: 500 }, (_, i) => label(i)) });
  const perLabel = (performance.now() - started) / 500;
  console.log(
    `Labels: ${perLabel.toFixed(1)} ms per label in a 500-label PDF; ${single.toFixed(1)} ms per one-label PDF ` +
      `(mean of 20; the process's first ${first.toFixed(0)} ms, fonts parsed once) (target < 50 ms)`,
  );
  const orders = Array.from({ length: 1000 }, (_, i) =>
    ordersListRow(`CMD-${100000 + i}`, FIXTURE_NAMES[i % FIXTURE_NAMES.length]!, new Date()),
  );
  started = performance.now();
  await writeOrdersListPdf({ stream: sink(), shopName: 'Boutique Lina', orders });
  console.log(`Orders list: 1,000 orders to an A4 PDF in ${((performance.now() - started) / 1000).toFixed(2)} s`);
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-files-'));
  try {
    await benchReading(dir);
    await benchExport();
    await benchDocuments();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--read') await readOne(process.argv[3]!);
else await main();
