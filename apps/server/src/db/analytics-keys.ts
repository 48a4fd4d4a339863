import { sql, type SQL } from 'drizzle-orm';
import type { TAnalyticsDimension, TAnalyticsFilter } from '@cod/shared';

/**
 * The analytics keys as the per-order facts (alias f) and the accounting's money rows (alias r)
 * both carry them: one `<dimension>_key` column each, and the products as an array `product_keys`.
 */
type TKeyedAlias = 'f' | 'r';

/** The key column of `dimension` on rows of `alias`. */
export function keyColumn(alias: TKeyedAlias, dimension: Exclude<TAnalyticsDimension, 'hour'>): SQL {
  return sql.raw(`${alias}.${dimension === 'product' ? 'product_keys' : `${dimension}_key`}`);
}

/**
 * One condition a filter: a product filter asks for the product among the row's products; any other
 * compares the key, so a row without that dimension (null) never matches.
 */
export function keyFilters(alias: TKeyedAlias, filters: Array<{ kind: TAnalyticsFilter; value: string }>): SQL[] {
  return filters.map((f) =>
    f.kind === 'product'
      ? sql`${keyColumn(alias, 'product')} @> array[${f.value}]::text[]`
      : sql`${keyColumn(alias, f.kind)} = ${f.value}`,
  );
}
