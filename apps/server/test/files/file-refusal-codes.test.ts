import { describe, expect, it } from 'vitest';
import { FILE_MESSAGES, FILE_REFUSALS, fileRefused } from '../../src/files/file-limits.js';
import { EDGE_MESSAGES, EDGE_REFUSALS } from '../../src/http/edge-input.js';
import { unreachableMessage, unreachableToken } from '../../src/carriers/carrier.js';
import { AppError } from '../../src/lib/app-error.js';

describe('file refusals carry their code (docs/decisions/0041)', () => {
  it('answers SPEC 8’s English with the code and params, on the file field too', () => {
    const body = fileRefused(FILE_REFUSALS.tooManyRows(200_000)).toBody();
    expect(body).toEqual({
      message: FILE_MESSAGES.tooManyRows(200_000),
      code: 'file.too_many_rows',
      params: { limit: 200_000 },
      errors: { file: [FILE_MESSAGES.tooManyRows(200_000)] },
      error_codes: { file: [{ code: 'file.too_many_rows', params: { limit: 200_000 } }] },
    });
    expect(body.message).toBe('The file has more than 200,000 data rows. Split it into smaller files.');
    expect(fileRefused(FILE_REFUSALS.tooLarge(20 * 1024 * 1024)).toBody()).toMatchObject({
      message: 'The file is larger than the 20 MB limit.',
      code: 'file.too_large',
      params: { megabytes: 20 },
    });
  });

  it('keeps the English of the edge refusals and the carrier layer', () => {
    expect(new AppError('validation', EDGE_REFUSALS.invalidCharacter('customer name')).toBody()).toMatchObject({
      message: EDGE_MESSAGES.invalidCharacter('customer name'),
      code: 'edge.invalid_character',
    });
    expect(unreachableMessage('Yalidine')).toBe('Could not reach Yalidine. Check its address and try again later.');
    expect(new AppError('conflict', unreachableToken('Yalidine')).toBody()).toEqual({
      message: unreachableMessage('Yalidine'),
      code: 'carrier.unreachable',
      params: { carrier: 'Yalidine' },
    });
  });
});
