import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CsvRecordSplitter, type TCsvFormat } from '../../src/files/csv-record-splitter.js';
import { DEFAULT_FILE_LIMITS, FILE_MESSAGES } from '../../src/files/file-limits.js';
import { AppError } from '../../src/lib/app-error.js';

// The splitter cuts decoded text where papaparse ends its records, whatever the chunks, so that
// papaparse parsing each run gives what it gives for the whole file; and it refuses a record past
// a bound while the record is still being read.
const CRLF: TCsvFormat = { delimiter: ',', newline: '\r\n' };
const LF_SEMICOLON: TCsvFormat = { delimiter: ';', newline: '\n' };

/** papaparse's records of a text, without the empty record it adds after a last line break. */
function records(text: string, format: TCsvFormat): string[][] {
  const data = Papa.parse<string[]>(text, { ...format, quoteChar: '"', skipEmptyLines: false }).data;
  const last = data.at(-1);
  if (text.endsWith(format.newline) && last?.length === 1 && last[0] === '') data.pop();
  return data;
}

function splitInChunks(text: string, format: TCsvFormat, chunk: number, limits = DEFAULT_FILE_LIMITS): string[] {
  const splitter = new CsvRecordSplitter(format, limits);
  const runs: string[] = [];
  for (let i = 0; i < text.length; i += chunk) runs.push(splitter.push(text.slice(i, i + chunk)));
  runs.push(splitter.end());
  return runs;
}

function refusal(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).message;
  }
  throw new Error('not refused');
}

const TRICKY: Array<[string, TCsvFormat]> = [
  ['name,phone\r\nAmine,0555\r\n', CRLF],
  ['"multi\r\nline",x\r\n"a ""quoted"" word",y\r\n', CRLF],
  ['"closed"  ,next\r\n"closed" \r\n"closed"\t\r\n', CRLF],
  ['"stray" quote,still quoted\r\nuntil "here",z\r\n', CRLF],
  ['\r\n\r\n , \r\nlast row without a break', CRLF],
  ['"a quote left open\r\nto the end of the file', CRLF],
  ['x"y,z\r\nlone \r and lone \n stay in the field\r\n', CRLF],
  ['nom;téléphone\n"Bordj; Bou Arréridj";0555\n\n"x"\r\n;\n', LF_SEMICOLON],
];

describe('CsvRecordSplitter', () => {
  it('cuts where papaparse ends records, whatever the chunks', () => {
    for (const [text, format] of TRICKY) {
      const whole = records(text, format);
      for (let chunk = 1; chunk <= text.length; chunk++) {
        const runs = splitInChunks(text, format, chunk);
        expect(runs.join('')).toBe(text);
        expect(runs.flatMap((run) => (run ? records(run, format) : []))).toEqual(whole);
      }
    }
  });

  it('refuses the 257th field of a record before the record ends', () => {
    const splitter = new CsvRecordSplitter(CRLF, DEFAULT_FILE_LIMITS);
    expect(splitter.push('a,'.repeat(200))).toBe('');
    expect(refusal(() => splitter.push('a,'.repeat(100)))).toBe(FILE_MESSAGES.tooManyColumns(256));
  });

  it('takes 256 fields and 32,767 characters, the limits themselves', () => {
    const text = `${Array.from({ length: 256 }, () => 'x').join(',')}\r\n"${'é'.repeat(32_767)}"\r\n`;
    expect(splitInChunks(text, CRLF, 1000).join('')).toBe(text);
  });

  it('refuses a field past 32,767 characters, quoted or not, even across chunks', () => {
    expect(refusal(() => splitInChunks(`a,${'x'.repeat(32_768)}\r\n`, CRLF, 4096))).toBe(
      FILE_MESSAGES.cellTooLong(32_767),
    );
    expect(refusal(() => splitInChunks(`a,"${'x""'.repeat(20_000)}`, CRLF, 4096))).toBe(
      FILE_MESSAGES.cellTooLong(32_767),
    );
  });
});
