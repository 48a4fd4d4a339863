import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { m, parseDZD, type TRemittanceLine } from '@cod/shared';
import { openSpreadsheet, type TSheetRow } from '../../files/spreadsheet-reader.js';
import { receiveUpload } from '../../files/upload-guard.js';
import { AppError } from '../../lib/app-error.js';

const TRACKING = /track|suivi|tracking|colis|barcode|code.?barre|رقم/i;
const AMOUNT = /amount|montant|paid|pay[eé]|encaiss|cod|net|somme|مبلغ/i;

/**
 * The money module's uploaded CSV/XLSX (a carrier's statement, an ad-spend export): the upload
 * passes the import's checks (docs/decisions/0020, 0036: type, size streamed, magic bytes, zip
 * pre-check), `columns` picks the needed columns from the header (null: refused with
 * `missingColumns`), every data row is handed to `onRow` in file order, and the file is removed
 * once read.
 */
export async function readMoneySheet<TColumns>(options: {
  upload: { source: Readable; fileName: string };
  columns: (headers: string[]) => TColumns | null;
  missingColumns: AppError;
  onRow: (row: TSheetRow, columns: TColumns) => void;
}): Promise<void> {
  const destination = path.join(os.tmpdir(), `money-sheet-${crypto.randomBytes(8).toString('hex')}`);
  try {
    const received = await receiveUpload({ ...options.upload, destination });
    const sheet = await openSpreadsheet({
      path: received.path,
      kind: received.kind,
      xlsx: received.xlsx,
      chunkSize: 2000,
    });
    const columns = options.columns(sheet.headers);
    if (!columns) {
      await sheet.close();
      throw options.missingColumns;
    }
    for await (const chunk of sheet.chunks()) for (const row of chunk) options.onRow(row, columns);
  } finally {
    await fs.rm(destination, { force: true });
  }
}

/**
 * A carrier's statement into lines (tracking number, amount paid). Amounts are dinars as the
 * carriers write them ("1 234,50", "1234.5").
 */
export async function readStatement(upload: { source: Readable; fileName: string }): Promise<TRemittanceLine[]> {
  const lines: TRemittanceLine[] = [];
  await readMoneySheet({
    upload,
    columns: (headers) => {
      const tracking = headers.find((h) => TRACKING.test(h));
      const amount = headers.find((h) => h !== tracking && AMOUNT.test(h));
      return tracking && amount ? { tracking, amount } : null;
    },
    missingColumns: AppError.validation({ file: [m('money.statement_columns')] }),
    onRow: (row, { tracking, amount }) => {
      const number = (row.cells[tracking] ?? '').trim();
      if (!number) return;
      const paid = parseDZD(row.cells[amount] ?? '');
      // Negative: a returned parcel's return fee, deducted by the carrier (decision 0112).
      if (paid === null) throw AppError.validation({ file: [m('money.statement_line', { line: row.rowNumber })] });
      lines.push({ tracking_number: number, amount_centimes: paid });
    },
  });
  if (!lines.length) throw AppError.validation({ file: [m('money.statement_empty')] });
  return lines;
}
