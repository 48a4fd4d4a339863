import { and, eq, like, sql, type SQL } from 'drizzle-orm';
import { normalizeAlgerianPhone } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { customers, customerSearchTerms } from '../../db/schema/index.js';
import { nameTerms } from './customer-search.js';

/**
 * Customer search that stays on indexes under RLS (docs/decisions/0013): only leakproof operators
 * reach an index there, so a prefix is written as a range (>= and <, leakproof) on a plain column
 * in the byte-ordered "C" collation (customers.phone, customer_search_terms.term), never as
 * lower(x) LIKE 'y%'.
 */
const MAX_SEARCH_WORDS = 4;
// Greater than every character that can follow a prefix, byte-wise (UTF-8 of U+10FFFF is F4 8F BF BF).
const AFTER_PREFIX = '\u{10FFFF}';

/** Rewrites a customer's name terms; call after every write of customers.name. */
export async function indexCustomerName(tx: Tx, tenantId: number, customerId: number, name: string | null) {
  await tx
    .delete(customerSearchTerms)
    .where(and(eq(customerSearchTerms.tenantId, tenantId), eq(customerSearchTerms.customerId, customerId)));
  const terms = nameTerms(name);
  if (terms.length) {
    await tx.insert(customerSearchTerms).values(terms.map((term) => ({ tenantId, term, customerId })));
  }
}

const startsWith = (column: SQL | typeof customers.phone, prefix: string) =>
  sql`(${column} >= ${prefix} and ${column} < ${prefix + AFTER_PREFIX})`;

export interface TCustomerSearch {
  /** The condition on customers. */
  where: SQL;
  /** For a name search: the matching customer ids alone, which count faster than the join. */
  matchingIds?: SQL;
}

/**
 * A search that looks like a phone matches numbers: the whole number exactly, a beginning by
 * range ("0555", "+213 555"), or digits anywhere (agents often know only the end: a scan of the
 * tenant's phones). Anything else matches every word as the beginning of a word of the name.
 */
export function customerSearch(tenantId: number, search: string): TCustomerSearch {
  const digits = search.replace(/[\s.\-()+]/g, '');
  if (/^\d+$/.test(digits)) {
    const phone = normalizeAlgerianPhone(search);
    if (phone) return { where: eq(customers.phone, phone) };
    const national = /^(?:00213|213)/.test(digits) ? `0${digits.replace(/^(?:00213|213)0?/, '')}` : digits;
    // Numbers begin 02..07: "0555" is a beginning, "0003" or "3456" an ending or a middle.
    return {
      where: /^0[2-7]/.test(national) ? startsWith(customers.phone, national) : like(customers.phone, `%${digits}%`),
    };
  }
  const words = nameTerms(search).slice(0, MAX_SEARCH_WORDS);
  // Only punctuation: nothing can match it.
  if (!words.length) return { where: sql`false` };
  const perWord = words.map(
    (word) =>
      sql`select t.customer_id from customer_search_terms t
          where t.tenant_id = ${tenantId} and ${startsWith(sql`t.term`, word)}`,
  );
  const matchingIds = sql.join(perWord, sql` intersect `);
  return { where: sql`${customers.id} in (${matchingIds})`, matchingIds };
}
