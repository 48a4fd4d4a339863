import Papa from 'papaparse';
import { openCsvText } from './csv-encoding.js';
import { FILE_MESSAGES, fileRefused } from './file-limits.js';
import type { TRawRow } from './raw-row.js';

/**
 * The records of a CSV file in order, with the row number a spreadsheet shows when it opens the
 * file (1-based, the header included, blank lines counted, a quoted multi-line cell one row).
 * Blank records are counted but not yielded. The delimiter is guessed (French Excel writes `;`).
 */
export async function* csvRows(filePath: string): AsyncGenerator<TRawRow> {
  const { text, close } = await openCsvText(filePath);
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, {
    delimitersToGuess: [',', ';', '\t', '|'],
    skipEmptyLines: false,
  });
  text.pipe(parser);
  text.on('error', (error) => parser.destroy(error));
  let rowNumber = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      rowNumber++;
      if (record.some((value) => value.trim() !== '')) yield { rowNumber, values: record, formulaColumns: null };
    }
  } catch (error) {
    throw (error as { code?: string }).code === 'validation' ? error : fileRefused(FILE_MESSAGES.unreadable('.csv'));
  } finally {
    close();
    parser.destroy();
  }
}
