import { sql, type SQL } from 'drizzle-orm';
import { normalizeAlgerianPhone } from '@cod/shared';
import type { TOrderScope } from './order-access.js';
import { visibleOrders, visibleTo } from './order-scope.repository.js';
import { orderNameTerms } from './order-search.js';
import { inList } from '../../db/sql-lists.js';

/**
 * SPEC 2.4 search over order number, customer name, both phones and tracking number, written so
 * every arm reaches an index under RLS (docs/decisions/0013, 0015): equalities, and beginnings as
 * ranges on "C"-collated columns. Each arm yields order ids; their union is one `o.id in (...)`.
 */
const MAX_SEARCH_WORDS = 4;
// Greater than every character that can follow a prefix, byte-wise (UTF-8 of U+10FFFF).
const AFTER_PREFIX = '\u{10FFFF}';

/**
 * The ids of the orders the search matches among those the scope may see (docs/decisions/0040),
 * as one select (null: nothing can match).
 */
export function orderSearchIds(scope: TOrderScope, raw: string): SQL | null {
  const tenantId = scope.tenantId;
  const term = raw.trim();
  const arms: SQL[] = [];
  const byOrders = (condition: SQL) => arms.push(sql`select o.id from ${visibleOrders(scope)} o where ${condition}`);

  const number = /^#?\s*(\d{1,9})$/.exec(term);
  if (number) byOrders(sql`order_number = ${Number(number[1])}`);

  const digits = term.replace(/[\s.\-()+]/g, '');
  const phone = normalizeAlgerianPhone(term);
  if (phone) {
    byOrders(sql`customer_phone_1 = ${phone}`);
    byOrders(sql`customer_phone_2 = ${phone}`);
  } else if (/^\d{4,}$/.test(digits)) {
    const national = /^(?:00213|213)/.test(digits) ? `0${digits.replace(/^(?:00213|213)0?/, '')}` : digits;
    // A typed beginning of a number ("0555 12"): a range on the byte-ordered column.
    if (/^0[2-7]/.test(national)) {
      byOrders(sql`customer_phone_1 >= ${national} and customer_phone_1 < ${national + AFTER_PREFIX}`);
      byOrders(sql`customer_phone_2 >= ${national} and customer_phone_2 < ${national + AFTER_PREFIX}`);
    }
  }

  // Carriers print tracking numbers in either case (yal-12345A, ECO123...): try as typed and both cases.
  if (/^[\p{L}\p{N}_-]{4,64}$/u.test(term) && !/^\d+$/.test(term)) {
    byOrders(sql`tracking_number in (${inList([...new Set([term, term.toUpperCase(), term.toLowerCase()])])})`);
  }
  // Any piece of a tracking number ("CMQAQ" of "YAL-CMQAQ41"): the beginning of one of its suffixes,
  // kept upper-cased by the database (migration 0016, docs/decisions/0048). Digits alone are order
  // numbers and phones up to 5 digits; longer ones may be a carrier's all-digit number.
  const piece = term.toUpperCase();
  if (/^[\p{L}\p{N}_-]{4,64}$/u.test(term) && (!/^\d+$/.test(term) || term.length >= 6)) {
    const pieces = sql`select order_id from order_tracking_terms where tenant_id = ${tenantId}
        and term >= ${piece} and term < ${piece + AFTER_PREFIX}`;
    arms.push(
      visibleTo(scope) ? sql`select o.id from ${visibleOrders(scope)} o where o.id in (${pieces})` : sql`(${pieces})`,
    );
  }

  const words = /\p{L}/u.test(term) ? orderNameTerms(term).slice(0, MAX_SEARCH_WORDS) : [];
  if (words.length) {
    const perWord = words.map(
      (word) =>
        sql`select order_id from order_search_terms where tenant_id = ${tenantId}
            and term >= ${word} and term < ${word + AFTER_PREFIX}`,
    );
    const named = sql.join(perWord, sql` intersect `);
    // The words index knows no agent or product: a limited scope keeps only its own orders.
    arms.push(
      visibleTo(scope) ? sql`select o.id from ${visibleOrders(scope)} o where o.id in (${named})` : sql`(${named})`,
    );
  }

  return arms.length ? sql.join(arms, sql` union `) : null;
}
