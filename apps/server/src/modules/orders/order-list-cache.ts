import { LRUCache } from 'lru-cache';
import type { TWriteWatch } from '../../db/write-watch.js';

/** What a read of the list gives the cache: the answer, and whether the user was limited to some products. */
export interface TListRead {
  /** The JSON as sent (bytes: Fastify sends a Buffer as is under any content type). */
  body: Buffer;
  /** Such an answer is the user's alone, and is not kept (those users are few: issue 3.2). */
  limited: boolean;
}

/** Who asks: users who see every order and every product share pages; others have their own. */
export interface TListReader {
  tenantId: number;
  userId: number;
  seesAll: boolean;
}

interface TPage {
  generation: number;
  body: Buffer;
}

/**
 * Pages live at most this long even when nothing is written: `created_time_ago` ("3 minutes ago")
 * and the parcels' relative times move with the clock, not with the rows.
 */
const PAGE_TTL_MS = 10_000;
/** Memory for pages across all shops (bytes of JSON; a page of 25 orders is about 55,000). */
const MAX_BYTES = 32 * 1024 * 1024;

/**
 * Pages of the Orders list kept in memory between writes (docs/decisions/0137). A page is served
 * again only while its shop's generation has not moved since it was read, checked after a
 * barrier that sees every write committed before the request arrived, on any server. Requests for
 * the same page at the same generation share one read (agents' screens refetch together after an
 * event). Without a watch (embedded database) or while it is not listening, every request reads.
 */
export interface TOrderListCache {
  /** `query` names the answer for one user: the filters, tab, page, time zone and date range. */
  read(reader: TListReader, query: string, fill: () => Promise<TListRead>): Promise<Buffer>;
}

export function orderListCache(watch: TWriteWatch | null): TOrderListCache {
  const pages = new LRUCache<string, TPage>({
    maxSize: MAX_BYTES,
    sizeCalculation: (page) => page.body.length + 64,
    ttl: PAGE_TTL_MS,
  });
  // Users who see everything and were found unlimited at a generation (user_product_scopes notifies).
  const unlimitedAt = new LRUCache<string, number>({ max: 10_000 });
  const reading = new Map<string, Promise<TListRead>>();

  return {
    async read(reader, query, fill) {
      if (!watch || !(await watch.sync())) return (await fill()).body;
      const { tenantId, userId, seesAll } = reader;
      // Read before the page's snapshot is taken: a write it might miss moves this generation.
      const generation = watch.generation(tenantId);
      const user = `${tenantId}|${userId}`;
      const shared = `${tenantId}|all|${query}`;
      const key = seesAll && unlimitedAt.get(user) === generation ? shared : `${tenantId}|u${userId}|${query}`;
      const kept = pages.get(key);
      if (kept?.generation === generation) return kept.body;
      const flightKey = `${generation}|${key}`;
      const joined = reading.get(flightKey);
      if (joined) return (await joined).body;
      const flight = fill().finally(() => reading.delete(flightKey));
      reading.set(flightKey, flight);
      const { body, limited } = await flight;
      if (!limited && watch.generation(tenantId) === generation) {
        // A user who sees everything and was not limited asks by the shared name from now on.
        if (seesAll) unlimitedAt.set(user, generation);
        pages.set(seesAll ? shared : key, { generation, body });
      }
      return body;
    },
  };
}
