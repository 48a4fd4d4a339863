import { describe, expect, it } from 'vitest';
import { importFailureMessages, listedErrors, progressPercent } from './import-progress';

describe('progressPercent (SPEC 4)', () => {
  it('is round((success + failed) / total x 100)', () => {
    expect(progressPercent({ total_rows: 3, success_count: 1, failed_count: 0 })).toBe(33);
    expect(progressPercent({ total_rows: 3, success_count: 1, failed_count: 1 })).toBe(67);
    expect(progressPercent({ total_rows: 5000, success_count: 4963, failed_count: 37 })).toBe(100);
  });

  it('is 0 when total_rows is missing or zero', () => {
    expect(progressPercent({ total_rows: 0, success_count: 4, failed_count: 1 })).toBe(0);
    expect(progressPercent({ total_rows: null, success_count: 4, failed_count: 1 })).toBe(0);
    expect(progressPercent(null)).toBe(0);
  });
});

describe('listedErrors (SPEC 8: first 10 only, then the rest counted)', () => {
  const errors = Array.from({ length: 14 }, (_, i) => ({ row_number: i + 2, error_message: `bad ${i}` }));
  it('shows 10 and counts the others, also those the server did not send', () => {
    expect(listedErrors(errors)).toMatchObject({ more: 4 });
    expect(listedErrors(errors).shown).toHaveLength(10);
    expect(listedErrors(errors, 40).more).toBe(30);
    expect(listedErrors(errors.slice(0, 3)).more).toBe(0);
  });
});

describe('importFailureMessages (SPEC 8)', () => {
  it('prefers the listed errors, then the message, by their codes', () => {
    const rows = { code: 'import.rows', params: {} };
    expect(
      importFailureMessages({ code: 'import.rows', errors: { file: ['a', 'b'] }, error_codes: { file: [rows] } }),
    ).toEqual([rows]);
    expect(importFailureMessages({ code: 'validation', errors: { file: ['The file is empty.'] } })).toEqual([
      { code: 'validation', params: undefined },
    ]);
    expect(importFailureMessages({ code: 'conflict' })).toEqual([{ code: 'conflict', params: undefined }]);
    expect(importFailureMessages(null)).toEqual([]);
  });
});
