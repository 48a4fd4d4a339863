import { FILE_REFUSALS, fileRefused, type TFileLimits } from './file-limits.js';

const QUOTE = 0x22;

/** What String.trim removes: a record of nothing else is blank (the reader skips it). */
function isWhiteSpace(c: number): boolean {
  return (
    c === 0x20 ||
    (c >= 0x09 && c <= 0x0d) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

export interface TCsvFormat {
  /** One character: papaparse guesses among `,` `;` tab `|`. */
  delimiter: string;
  newline: '\n' | '\r' | '\r\n';
}

/**
 * Cuts decoded CSV text into runs of whole records, and refuses a record the moment it passes a
 * bound (fields per record, characters per field), before papaparse has built any of its values.
 * Its quote rules are papaparse's, so both see the same records: a field is quoted only when it
 * starts with `"`; inside, `""` is a quote; a quote closes the field when only white space (what
 * String.trim removes) stands between it and a delimiter or a line break, or when it is the last
 * character of the file, and is plain text otherwise.
 * Each character is looked at once and papaparse parses each run once, so the cost is linear
 * whatever the shape of the file (papaparse's own stream re-parses a chunk's rest every time its
 * consumer pauses it, which made checking a 50,000-row file take half a minute). It also counts
 * the records holding a value, so counting a file's rows needs no parsing at all.
 */
export class CsvRecordSplitter {
  /** Records so far (the last one included once end() is called) with a value that is not blank. */
  nonBlankRecords = 0;
  private pending = '';
  /** Where scanning resumes in `pending` (the text before it is scanned, the state below is its end). */
  private position = 0;
  private inQuotes = false;
  private atFieldStart = true;
  private fields = 1;
  private fieldLength = 0;
  private recordHasValue = false;

  constructor(
    private readonly format: TCsvFormat,
    private readonly limits: Pick<TFileLimits, 'maxColumns' | 'maxCellLength'>,
  ) {}

  /** Adds decoded text; answers the records it completes, each with its line break ('' when none). */
  push(text: string): string {
    this.pending += text;
    const recordsEnd = this.scan(false);
    const complete = this.pending.slice(0, recordsEnd);
    this.pending = this.pending.slice(recordsEnd);
    this.position -= recordsEnd;
    return complete;
  }

  /** At the end of the file: the last record, which has no line break. */
  end(): string {
    this.scan(true);
    if (this.recordHasValue) this.nonBlankRecords++;
    const rest = this.pending;
    this.pending = '';
    this.position = 0;
    return rest;
  }

  /** Scans from `position`; answers where the last complete record ends. Stops early when a character after the text decides. */
  private scan(final: boolean): number {
    const text = this.pending;
    const delimiter = this.format.delimiter.charCodeAt(0);
    const { newline } = this.format;
    const newlineFirst = newline.charCodeAt(0);
    let recordsEnd = 0;
    let i = this.position;
    while (i < text.length) {
      if (this.inQuotes) {
        const quote = text.indexOf('"', i);
        const end = quote === -1 ? text.length : quote;
        this.grow(end - i);
        if (!this.recordHasValue) this.noteValue(text, i, end);
        i = end;
        if (quote === -1) break;
        let after = quote + 1;
        if (after < text.length && text.charCodeAt(after) === QUOTE) {
          this.grow(1);
          this.recordHasValue = true;
          i = after + 1;
          continue;
        }
        const closes = (at: number) => text.charCodeAt(at) === delimiter || text.startsWith(newline, at);
        while (after < text.length && !closes(after) && isWhiteSpace(text.charCodeAt(after))) after++;
        if (after >= text.length && !final) break;
        // At the very end only a last character closes (papaparse reads `"a" ` there as unclosed).
        if (after >= text.length ? after === quote + 1 : closes(after)) {
          this.inQuotes = false;
          i = after;
        } else {
          this.grow(1);
          this.recordHasValue = true;
          i = quote + 1;
        }
        continue;
      }
      const c = text.charCodeAt(i);
      if (this.atFieldStart && c === QUOTE) {
        this.inQuotes = true;
        this.atFieldStart = false;
        i++;
      } else if (c === delimiter) {
        this.nextField();
        i++;
      } else if (c === newlineFirst && newline.length === 2 && i + 1 >= text.length && !final) {
        break;
      } else if (c === newlineFirst && text.startsWith(newline, i)) {
        i += newline.length;
        recordsEnd = i;
        if (this.recordHasValue) this.nonBlankRecords++;
        this.recordHasValue = false;
        this.fields = 1;
        this.fieldLength = 0;
        this.atFieldStart = true;
      } else {
        this.atFieldStart = false;
        if (!this.recordHasValue && !isWhiteSpace(c)) this.recordHasValue = true;
        this.grow(1);
        i++;
      }
    }
    this.position = i;
    return recordsEnd;
  }

  private noteValue(text: string, from: number, to: number): void {
    for (let k = from; k < to; k++) {
      if (!isWhiteSpace(text.charCodeAt(k))) {
        this.recordHasValue = true;
        return;
      }
    }
  }

  private grow(characters: number): void {
    this.fieldLength += characters;
    if (this.fieldLength > this.limits.maxCellLength)
      throw fileRefused(FILE_REFUSALS.cellTooLong(this.limits.maxCellLength));
  }

  private nextField(): void {
    if (++this.fields > this.limits.maxColumns) throw fileRefused(FILE_REFUSALS.tooManyColumns(this.limits.maxColumns));
    this.fieldLength = 0;
    this.atFieldStart = true;
  }
}
