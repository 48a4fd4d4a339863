import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { m, parseDZD, type TRemittanceLine } from '@cod/shared';
import { openSpreadsheet } from '../../files/spreadsheet-reader.js';
import { receiveUpload } from '../../files/upload-guard.js';
import { AppError } from '../../lib/app-error.js';

const TRACKING = /track|suivi|tracking|colis|barcode|code.?barre|رقم/i;
const AMOUNT = /amount|montant|paid|pay[eé]|encaiss|cod|net|somme|مبلغ/i;

/**
 * A carrier's statement (CSV/XLSX) into lines (tracking number, amount paid). The upload passes the
 * import's checks (docs/decisions/0020, 0036: type, size streamed, magic bytes, zip pre-check) and
 * is removed once read. Amounts are dinars as the carriers write them ("1 234,50", "1234.5").
 */
export async function readStatement(upload: { source: Readable; fileName: string }): Promise<TRemittanceLine[]> {
  const destination = path.join(os.tmpdir(), `statement-${crypto.randomBytes(8).toString('hex')}`);
  try {
    const received = await receiveUpload({ ...upload, destination });
    const sheet = await openSpreadsheet({
      path: received.path,
      kind: received.kind,
      xlsx: received.xlsx,
      chunkSize: 2000,
    });
    const tracking = sheet.headers.find((h) => TRACKING.test(h));
    const amount = sheet.headers.find((h) => h !== tracking && AMOUNT.test(h));
    if (!tracking || !amount) {
      await sheet.close();
      throw AppError.validation({ file: [m('money.statement_columns')] });
    }
    const lines: TRemittanceLine[] = [];
    for await (const chunk of sheet.chunks()) {
      for (const row of chunk) {
        const number = (row.cells[tracking] ?? '').trim();
        if (!number) continue;
        const paid = parseDZD(row.cells[amount] ?? '');
        if (paid === null || paid < 0)
          throw AppError.validation({ file: [m('money.statement_line', { line: row.rowNumber })] });
        lines.push({ tracking_number: number, amount_centimes: paid });
      }
    }
    if (!lines.length) throw AppError.validation({ file: [m('money.statement_empty')] });
    return lines;
  } finally {
    await fs.rm(destination, { force: true });
  }
}
