import Papa from 'papaparse';
import { openCsvText } from './csv-encoding.js';
import { CsvRecordSplitter, type TCsvFormat } from './csv-record-splitter.js';
import { DEFAULT_FILE_LIMITS, FILE_REFUSALS, fileRefused, isFileRefusal, type TFileLimits } from './file-limits.js';
import type { TRawRow } from './raw-row.js';

/**
 * The records of a CSV file in order, with the row number a spreadsheet shows when it opens the
 * file (1-based, the header included, blank lines counted, a quoted multi-line cell one row).
 * Blank records are counted but not yielded. The delimiter and line break are guessed from the
 * first chunk (French Excel writes `;`). Every record is bounded before it is parsed
 * (csv-record-splitter.ts), and memory holds one chunk of text at a time.
 */
export async function* csvRows(filePath: string, limits: TFileLimits = DEFAULT_FILE_LIMITS): AsyncGenerator<TRawRow> {
  const { text, close } = await openCsvText(filePath);
  let format: TCsvFormat | undefined;
  let splitter: CsvRecordSplitter | undefined;
  let rowNumber = 0;
  function* rowsOf(records: string): Generator<TRawRow> {
    if (!records || !format) return;
    const parsed = Papa.parse<string[]>(records, {
      delimiter: format.delimiter,
      newline: format.newline,
      quoteChar: '"',
      skipEmptyLines: false,
    }).data;
    // papaparse answers an empty record after the last line break; it is not a line of the file.
    // (The file's last record may instead be a quote left open to the end, which is one value.)
    const last = parsed.at(-1);
    if (records.endsWith(format.newline) && last?.length === 1 && last[0] === '') parsed.pop();
    for (const record of parsed) {
      rowNumber++;
      if (record.some((value) => value.trim() !== '')) yield { rowNumber, values: record, formulaColumns: null };
    }
  }
  try {
    for await (const chunk of text as AsyncIterable<string | Buffer>) {
      const decoded = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      format ??= guessFormat(decoded);
      splitter ??= new CsvRecordSplitter(format, limits);
      yield* rowsOf(splitter.push(decoded));
    }
    if (splitter) yield* rowsOf(splitter.end());
  } catch (error) {
    throw isFileRefusal(error) ? error : fileRefused(FILE_REFUSALS.unreadable('.csv'));
  } finally {
    close();
    (text as unknown as { destroy?: () => void }).destroy?.();
  }
}

/**
 * The rows of a CSV file that csvRows would yield, counted without parsing a value (the upload's
 * 'Import started with N rows'); stops as soon as the count passes `atMost`.
 */
export async function countCsvRows(filePath: string, limits: TFileLimits, atMost: number): Promise<number> {
  const { text, close } = await openCsvText(filePath);
  let splitter: CsvRecordSplitter | undefined;
  try {
    for await (const chunk of text as AsyncIterable<string | Buffer>) {
      const decoded = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      splitter ??= new CsvRecordSplitter(guessFormat(decoded), limits);
      splitter.push(decoded);
      if (splitter.nonBlankRecords > atMost) return splitter.nonBlankRecords;
    }
    splitter?.end();
    return splitter?.nonBlankRecords ?? 0;
  } catch (error) {
    throw isFileRefusal(error) ? error : fileRefused(FILE_REFUSALS.unreadable('.csv'));
  } finally {
    close();
    (text as unknown as { destroy?: () => void }).destroy?.();
  }
}

/** papaparse's own guess, on the first chunk as its stream reader did. */
function guessFormat(sample: string): TCsvFormat {
  const { meta } = Papa.parse<string[]>(sample, { delimitersToGuess: [',', ';', '\t', '|'], preview: 1 });
  const newline = meta.linebreak === '\r\n' || meta.linebreak === '\r' ? meta.linebreak : '\n';
  return { delimiter: meta.delimiter || ',', newline };
}
