import { describe, expect, it } from 'vitest';
import { englishOf } from '../messages/render.js';
import { CATALOGUE_MESSAGES } from './messages.js';
import { normalizeAlgerianPhone, ZAlgerianPhone } from './phone.js';

describe('normalizeAlgerianPhone (issue 3.6)', () => {
  it.each([
    // mobiles 05/06/07, national form
    ['0555123456', '0555123456'],
    ['0661234567', '0661234567'],
    ['0770123456', '0770123456'],
    ['0555 12 34 56', '0555123456'],
    ['0555-12-34-56', '0555123456'],
    ['0555.12.34.56', '0555123456'],
    ['(0555) 12-34-56', '0555123456'],
    ['  0555 123 456  ', '0555123456'],
    ['0555\u00a012\u00a034\u00a056', '0555123456'],
    // mobiles with the country code
    ['+213555123456', '0555123456'],
    ['+213 555 12 34 56', '0555123456'],
    ['+213-6-61-23-45-67', '0661234567'],
    ['00213555123456', '0555123456'],
    ['00213 7 70 12 34 56', '0770123456'],
    ['213555123456', '0555123456'],
    ['213 (0) 555 12 34 56', '0555123456'],
    ['+213 (0)555 12 34 56', '0555123456'],
    ['+2130555123456', '0555123456'],
    // fixed lines: 0 + area code + 6 digits
    ['021234567', '021234567'],
    ['021 23 45 67', '021234567'],
    ['(021) 23.45.67', '021234567'],
    ['031 12 34 56', '031123456'],
    ['049-12-34-56', '049123456'],
    ['+213 21 23 45 67', '021234567'],
    ['0021321234567', '021234567'],
    ['213 (0)21 23 45 67', '021234567'],
    // Arabic-Indic and extended Arabic-Indic digits
    ['٠٥٥٥١٢٣٤٥٦', '0555123456'],
    ['۰۶۶۱۲۳۴۵۶۷', '0661234567'],
  ])('accepts %j as %s', (input, expected) => {
    expect(normalizeAlgerianPhone(input)).toBe(expected);
  });

  it.each([
    '',
    '   ',
    'abc',
    '0555',
    '055512345', // a mobile one digit short is not a fixed line
    '05551234567', // one digit too many
    '0455123456', // ten digits but not a mobile prefix
    '0855123456',
    '0955123456',
    '0155123456',
    '555123456', // no trunk zero and no country code
    '0012345678',
    '01234567',
    '011234567', // area codes start at 2
    '081234567',
    '+33612345678', // France
    '0033612345678',
    '+213 55512345', // international but a digit short
    '+2135551234567',
    '+212555123456', // Morocco
    '0555 12 34 5x',
    '0555/12/34/56', // slashes are not a separator people use for one number
    '+ 213555123456+',
    '0555123456 ext 12',
    '0555123456,0661234567',
    '٠٥٥٥١٢٣٤٥',
    '0'.repeat(41),
  ])('rejects %j', (input) => {
    expect(normalizeAlgerianPhone(input)).toBeNull();
  });

  it('rejects what is not a string', () => {
    expect(normalizeAlgerianPhone(555123456 as unknown as string)).toBeNull();
    expect(normalizeAlgerianPhone(null as unknown as string)).toBeNull();
  });

  it('the form schema answers the normalised number or one clear message', () => {
    expect(ZAlgerianPhone.parse('+213 555 12 34 56')).toBe('0555123456');
    const invalid = ZAlgerianPhone.safeParse('12345');
    expect(invalid.success).toBe(false);
    expect(invalid.error?.issues.map((i) => i.message)).toEqual([CATALOGUE_MESSAGES.phoneInvalid]);
    expect(englishOf(CATALOGUE_MESSAGES.phoneInvalid)).toBe('The phone number is not a valid Algerian number.');
    expect(englishOf(ZAlgerianPhone.safeParse('').error!.issues[0]!.message)).toBe('The phone field is required.');
    expect(englishOf(ZAlgerianPhone.safeParse(undefined).error!.issues[0]!.message)).toBe(
      'The phone field is required.',
    );
  });
});
