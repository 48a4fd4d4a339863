/**
 * SPEC 9: a keyboard-wedge scanner types a code as fast keystrokes; characters less than 100 ms
 * apart form one scan, ended by Enter (or by the pause). Pure logic, so it is tested without a
 * browser; the hook feeds it key events.
 */
export const BARCODE_KEY_GAP_MS = 100;
/** Fewer characters than this in a burst is a person typing, not a scanner. */
export const BARCODE_MIN_LENGTH = 4;

export class BarcodeWedge {
  private buffer = '';
  private last = -Infinity;

  constructor(
    private readonly gapMs = BARCODE_KEY_GAP_MS,
    private readonly minLength = BARCODE_MIN_LENGTH,
  ) {}

  /** Feeds one key; answers a complete scan when Enter ends a fast burst. */
  key(key: string, at: number): string | null {
    const gap = at - this.last;
    this.last = at;
    if (key === 'Enter') {
      // Enter typed slowly after the burst is a person pressing it: not the scanner's suffix.
      const code = gap < this.gapMs ? this.take() : null;
      this.reset();
      return code;
    }
    if (key.length !== 1) return null;
    if (gap >= this.gapMs) this.buffer = '';
    this.buffer += key;
    return null;
  }

  /** Called after a pause with no Enter: a burst long enough is a scan too (scanners without suffix). */
  flush(at: number): string | null {
    if (at - this.last < this.gapMs) return null;
    return this.take();
  }

  private take(): string | null {
    const code = this.buffer.trim();
    this.reset();
    return code.length >= this.minLength ? code : null;
  }

  private reset(): void {
    this.buffer = '';
  }
}
