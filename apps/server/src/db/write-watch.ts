import type pg from 'pg';

/** The channel of migration 0044's triggers: the payload is a tenant id, or '*' for every shop. */
export const ROWS_WRITTEN_CHANNEL = 'app_rows_written';
/**
 * The barrier's statement. What matters is what PostgreSQL sends before its answer; the answer
 * says the session still listens (a pooler in transaction mode would hand it another session).
 */
export const BARRIER_QUERY = `select count(*)::int as listening from pg_listening_channels() c where c = '${ROWS_WRITTEN_CHANNEL}'`;
/** The watch's connection, as pg_stat_activity names it. */
export const WATCH_APPLICATION_NAME = 'cod-write-watch';

/**
 * Which shops' list rows changed, learnt from PostgreSQL (docs/decisions/0137). A generation only
 * grows; a page read while a shop's generation was g may be served again while it still is g.
 */
export interface TWriteWatch {
  /**
   * Resolves once every write committed before the call has moved its shop's generation: a round
   * trip on the listening connection, shared by the calls that arrive while one is under way.
   * false while the watch is not listening: then no generation can be trusted.
   */
  sync(): Promise<boolean>;
  generation(tenantId: number): number;
  close(): Promise<void>;
}

type TClientFactory = () => pg.Client;

/** How long after losing its connection the watch waits before listening again. */
const RETRY_MS = 1000;

/**
 * A watch on its own connection (not the pool's: LISTEN holds a session). It connects on the first
 * sync. PostgreSQL sends a listening session the notifications committed before a query it
 * receives ahead of that query's answer, which is what makes `sync` a barrier.
 */
export function openWriteWatch(newClient: TClientFactory): TWriteWatch {
  let clock = 0;
  let everyShop = 0;
  const byShop = new Map<number, number>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client | null> | null = null;
  let retryAfter = 0;
  let closed = false;
  let onTheWire: Promise<boolean> | null = null;
  let queued: Promise<boolean> | null = null;

  const changed = (payload: string | undefined) => {
    clock++;
    const tenantId = Number(payload);
    if (Number.isInteger(tenantId) && tenantId > 0) byShop.set(tenantId, clock);
    else everyShop = clock;
  };

  const lost = (lostClient: pg.Client) => {
    if (client !== lostClient) return;
    client = null;
    retryAfter = Date.now() + RETRY_MS;
    changed('*'); // what was written while nobody listened is unknown
    lostClient.end().catch(() => undefined);
  };

  const listen = async (): Promise<pg.Client | null> => {
    const fresh = newClient();
    fresh.on('error', () => lost(fresh));
    fresh.on('end', () => lost(fresh));
    fresh.on('notification', (message) => {
      if (message.channel === ROWS_WRITTEN_CHANNEL) changed(message.payload);
    });
    try {
      await fresh.connect();
      await fresh.query(`listen ${ROWS_WRITTEN_CHANNEL}`);
    } catch {
      retryAfter = Date.now() + RETRY_MS;
      await fresh.end().catch(() => undefined);
      return null;
    }
    if (closed) {
      await fresh.end().catch(() => undefined);
      return null;
    }
    client = fresh;
    changed('*'); // pages read before this session listened are not vouched for
    return fresh;
  };

  const roundTrip = async (): Promise<boolean> => {
    if (closed) return false;
    let listening = client;
    if (!listening) {
      if (Date.now() < retryAfter) return false;
      connecting ??= listen().finally(() => (connecting = null));
      listening = await connecting;
      if (!listening) return false;
    }
    try {
      const answer = await listening.query<{ listening: number }>(BARRIER_QUERY);
      if (answer.rows[0]?.listening !== 1) {
        lost(listening);
        return false;
      }
      return client === listening;
    } catch {
      lost(listening);
      return false;
    }
  };

  // At most one barrier on the wire; calls that arrive meanwhile wait for the next one, which
  // leaves after them (the one on the wire may have left before their writes committed).
  const sync = (): Promise<boolean> => {
    if (!onTheWire) {
      onTheWire = roundTrip().finally(() => (onTheWire = null));
      return onTheWire;
    }
    queued ??= onTheWire.then(() => {
      queued = null;
      return sync();
    });
    return queued;
  };

  return {
    sync,
    generation: (tenantId) => Math.max(byShop.get(tenantId) ?? 0, everyShop),
    async close() {
      closed = true;
      const open = client ?? (await connecting);
      client = null;
      await open?.end().catch(() => undefined);
    },
  };
}
