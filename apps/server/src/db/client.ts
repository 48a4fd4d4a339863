import fs from 'node:fs/promises';
import path from 'node:path';
import { type sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { ConfigError } from '../config.js';
import { beginWithNext } from './begin-with-next.js';
import { lockDataDir, type TLockHolderKind } from './data-dir-lock.js';
import { initialisePgliteDirectory, pgliteStartParams } from './pglite-options.js';
import { openWriteWatch, WATCH_APPLICATION_NAME, type TWriteWatch } from './write-watch.js';
import * as schema from './schema/index.js';

type TSchema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, TSchema>;
export type Tx = PgTransaction<PgQueryResultHKT, TSchema, ExtractTablesWithRelations<TSchema>>;

/** A connection to PostgreSQL: embedded PGlite under DATA_DIR, or a server through `pg`. */
export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs a multi-statement SQL script in one transaction (migrations). */
  runScript(script: string): Promise<void>;
  /** Runs fn while holding a cluster-wide lock (one instance migrates/seeds at a time). */
  exclusive<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /** PostgreSQL's word on which shops' list rows changed (decision 0137); none on the embedded database. */
  writeWatch: TWriteWatch | null;
  /** The pool's size and how many transactions wait for one of its connections now (decision 0144). */
  connections: { size: number; waiting(): number };
  close(): Promise<void>;
}

export interface TDatabaseOptions {
  databaseUrl?: string;
  /** PGlite data directory; `memory://` for a throw-away database (tests). */
  dataDir?: string;
  poolSize?: number;
  /** How long a transaction waits for a free connection before failing (ms; default 5,000). */
  connectionWaitMs?: number;
  /** Who opens an embedded database, named in the refusal a second opener reads (default 'script'). */
  openedBy?: TLockHolderKind;
}

/**
 * Whether `error` is the pool's "no connection became free in time" (pg-pool's own error, maybe
 * wrapped by drizzle as the cause of a query error): the server is overloaded, not broken.
 */
export function isPoolExhausted(error: unknown): boolean {
  for (let e = error as { message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; depth++) {
    if (e.message === 'timeout exceeded when trying to connect') return true;
    e = e.cause as typeof e;
  }
  return false;
}

export async function openDatabase(options: TDatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize, options.connectionWaitMs)
    : openPglite(options.dataDir, options.openedBy);
}

async function openPostgres(url: string, poolSize = 10, connectionWaitMs = 5000): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // int8 (counts, sums of ids) as JS numbers; our ids stay far below 2^53.
  pg.types.setTypeParser(20, (v) => Number(v));
  // Each transaction's begin rides with its first statement (begin-with-next.ts, decision 0128).
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: connectionWaitMs,
    Client: beginWithNext(pg.Client),
  });
  pool.on('error', () => undefined); // idle-client errors surface on the next query instead
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new ConfigError(
      `Cannot reach PostgreSQL at ${describeUrl(url)}: ${(error as Error).message}. Check DATABASE_URL.`,
    );
  }
  const db = drizzle(pool, { schema }) as unknown as Db;
  const writeWatch = openWriteWatch(
    () => new pg.Client({ connectionString: url, application_name: WATCH_APPLICATION_NAME }),
  );
  return {
    kind: 'postgres',
    db,
    writeWatch,
    connections: { size: poolSize, waiting: () => pool.waitingCount },
    async runScript(script) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(script);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async exclusive(key, fn) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        return await fn();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
        client.release();
      }
    },
    async close() {
      await writeWatch.close();
      await pool.end();
    },
  };
}

async function openPglite(dataDir = 'memory://', openedBy: TLockHolderKind = 'script'): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (!dataDir.startsWith('memory://')) await ensureWritableDir(dataDir);
  const folder = dataDir === 'memory://' ? undefined : path.join(dataDir, 'pglite');
  // One process owns an embedded database: a second PGlite on the same files would keep its own
  // pages and overwrite the first one's writes without a word (decision 0145).
  const lock = folder && !dataDir.startsWith('memory://') ? await lockDataDir(dataDir, openedBy) : null;
  let client: InstanceType<typeof PGlite>;
  try {
    // Memory (docs/operations/memory.md): initdb out of process, a smaller page cache.
    if (folder) await initialisePgliteDirectory(folder);
    client = await PGlite.create(folder, { startParams: pgliteStartParams(PGlite.defaultStartParams) });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async runScript(script) {
      await client.transaction(async (tx) => {
        await tx.exec(script);
      });
    },
    // One process owns an embedded database (its lock, decision 0145); there is nobody to exclude.
    exclusive: (_key, fn) => fn(),
    // One process writes and reads; the list's cache is for servers on PostgreSQL (decision 0137).
    writeWatch: null,
    // One connection that queues its callers inside PGlite, where nobody counts them.
    connections: { size: 1, waiting: () => 0 },
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/** The data folder (embedded database, uploads, generated keys) can be written, or one clear message. */
export async function ensureWritableDir(dir: string): Promise<void> {
  try {
    await fs.mkdir(dir, { recursive: true });
    const probe = path.join(dir, `.write-test-${process.pid}`);
    await fs.writeFile(probe, '');
    await fs.rm(probe);
  } catch (error) {
    throw new ConfigError(
      `The data directory ${dir} is not writable (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). ` +
        'Set DATA_DIR to a writable folder or fix its permissions.',
    );
  }
}

function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return 'the configured address';
  }
}

/** Rows of a raw query, whichever driver answered. */
export async function rows<T>(db: Db | Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The first row of a raw query (a look-up by id, a locked row), undefined when there is none. */
export async function firstRow<T>(db: Db | Tx, query: ReturnType<typeof sql>): Promise<T | undefined> {
  const [row] = await rows<T>(db, query);
  return row;
}
