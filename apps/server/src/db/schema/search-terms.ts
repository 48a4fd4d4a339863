import { integer, text } from 'drizzle-orm/pg-core';
import { keyedTable } from './columns.js';

/**
 * A search-term table of customers or orders: each term of a row's searchable text, next to the
 * row's id (`ownerKey`, column `ownerColumn`); keyed by tenant, term and owner.
 */
export const searchTermsTable = <N extends string, K extends string>(name: N, ownerKey: K, ownerColumn: string) => {
  const term = text('term').notNull();
  const owner = integer(ownerColumn).notNull();
  const columns = { term, [ownerKey]: owner } as { term: typeof term } & Record<K, typeof owner>;
  return keyedTable(name, ['term', ownerKey], columns);
};
