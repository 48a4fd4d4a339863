import { describe, expect, it } from 'vitest';
import { m, renderMessage } from '@cod/shared';
import { IMPORT_ROW_REFUSALS, rowError } from '../../src/modules/imports/import-row.js';

// Decision 0045: an import row error keeps SPEC 8's English and carries its code for the web.
describe('import row errors carry their code', () => {
  it('gives the one problem of a row its own code, with the English unchanged', () => {
    const error = rowError([IMPORT_ROW_REFUSALS.stateUnknown('Atlantis')]);
    expect(error.message).toBe('Wilaya "Atlantis" was not found.');
    expect(error.code).toEqual({ code: 'import.state_unknown', params: { value: 'Atlantis' } });
    expect(renderMessage(error.code)).toBe(error.message);
  });

  it('lists several problems under import.row_problems, each once, in the order found', () => {
    const error = rowError([
      IMPORT_ROW_REFUSALS.productUnknown('Robe'),
      m('validation.required', { field: 'phone' }),
      IMPORT_ROW_REFUSALS.productUnknown('Robe'),
    ]);
    expect(error.message).toBe(
      `Product "Robe" was not found (use its name or SKU). ${renderMessage({ code: 'validation.required', params: { field: 'phone' } })}`,
    );
    expect(error.code.code).toBe('import.row_problems');
    expect(error.code.params.messages).toEqual([
      expect.objectContaining({ code: 'import.product_unknown', params: { value: 'Robe' } }),
      expect.objectContaining({ code: 'validation.required', params: { field: 'phone' } }),
    ]);
  });

  it('reads a problem without a code (zod’s own text) as the validation kind, keeping its words', () => {
    expect(rowError(['Expected number, received string'])).toEqual({
      message: 'Expected number, received string',
      code: { code: 'validation', params: {} },
    });
  });
});
