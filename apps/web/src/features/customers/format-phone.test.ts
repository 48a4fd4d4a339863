import { describe, expect, it } from 'vitest';
import { formatPhone } from './format-phone';

describe('formatPhone', () => {
  it('groups a mobile number 4-2-2-2 and a fixed line 3-2-2-2', () => {
    expect(formatPhone('0555123456')).toBe('0555 12 34 56');
    expect(formatPhone('0771002030')).toBe('0771 00 20 30');
    expect(formatPhone('021456789')).toBe('021 45 67 89');
  });

  it('leaves anything that is not a normalised number as it is', () => {
    expect(formatPhone('+213555123456')).toBe('+213555123456');
    expect(formatPhone('12345')).toBe('12345');
  });
});
