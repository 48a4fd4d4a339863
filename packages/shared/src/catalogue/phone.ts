import { z } from 'zod';
import { CATALOGUE_MESSAGES, fieldRequired } from './messages.js';

// Arabic-Indic (U+0660..) and extended Arabic-Indic (U+06F0..) digits: agents typing on an Arabic
// keyboard enter these, and they mean the same number.
const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;
// The separators people write numbers with; NBSP and other Unicode spaces are part of \s.
const SEPARATORS = /[\s.\-()]/g;
const MOBILE = /^0[567]\d{8}$/; // 05/06/07 + 8 digits
const FIXED = /^0[234]\d{7}$/; // 0 + two-digit area code (21..49) + 6 digits

/**
 * Customers are identified by their phone (issue 3): one national form per number, so
 * "+213 555 12 34 56", "00213555123456" and "0555-12-34-56" are the same customer.
 * Answers `0XXXXXXXXX` (mobile, 10 digits) or `0XXXXXXXX` (fixed line, 9 digits), or null.
 * See docs/decisions/0009-phone-normalisation.md.
 */
export function normalizeAlgerianPhone(input: string): string | null {
  if (typeof input !== 'string' || input.length > 40) return null;
  const compact = input.replace(EASTERN_DIGITS, (d) => String(d.charCodeAt(0) & 0xf)).replace(SEPARATORS, '');
  const national = toNational(compact);
  return national && (MOBILE.test(national) || FIXED.test(national)) ? national : null;
}

function toNational(compact: string): string | null {
  const international = /^(?:\+213|00213|213)(\d+)$/.exec(compact);
  if (international) {
    // "+213 (0)21 ..." keeps the trunk zero some people write after the country code.
    const rest = international[1]!;
    return rest.startsWith('0') ? rest : `0${rest}`;
  }
  return /^0\d+$/.test(compact) ? compact : null;
}

/** The national form of `value`, or the "not a valid Algerian number" issue: what every phone field checks. */
export function algerianPhoneOrIssue(value: string, ctx: z.RefinementCtx): string {
  const phone = normalizeAlgerianPhone(value);
  if (phone) return phone;
  ctx.addIssue({ code: 'custom', message: CATALOGUE_MESSAGES.phoneInvalid });
  return z.NEVER;
}

/** A phone field of a form: normalised on the way in, one clear message when it is not Algerian. */
export const ZAlgerianPhone = z.string({ error: fieldRequired('phone') }).transform((value, ctx) => {
  if (!value.trim()) {
    ctx.addIssue({ code: 'custom', message: fieldRequired('phone') });
    return z.NEVER;
  }
  return algerianPhoneOrIssue(value, ctx);
});

/** An optional Algerian phone: empty is null, anything else its national form or a field error. */
export const ZOptionalAlgerianPhone = z
  .string()
  .nullish()
  .transform((value, ctx) => (value?.trim() ? algerianPhoneOrIssue(value, ctx) : null));
