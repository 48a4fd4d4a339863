import { MASKED } from '@cod/shared';

// Keys whose values are secrets wherever they appear: a password, a hash, a token, an API key,
// a carrier's credentials. `credential_fields_changed` (the names of fields, not their values) is not.
const SECRET_KEY = /(pass(word)?|secret|token|api_?key|credentials?$|authorization|_hash$|^hash$|^key$)/i;

/**
 * The audit log shows before and after (issue 18.6), never a secret: any value under a secret-like
 * key is replaced, at any depth, whatever module wrote it (docs/decisions/0061).
 */
export function maskChanges(value: unknown, key = ''): unknown {
  if (key && SECRET_KEY.test(key)) return value === null || value === undefined || value === '' ? value : MASKED;
  if (Array.isArray(value)) return value.map((item) => maskChanges(item));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskChanges(v, k)]));
  }
  return value;
}
