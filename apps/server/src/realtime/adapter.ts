import type { FastifyBaseLogger } from 'fastify';
import type { ServerOptions } from 'socket.io';
import { ConfigError, type TConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { installationId } from './installation.repository.js';

export type TAdapterKind = 'memory' | 'postgres' | 'redis';

/** The Socket.IO adapter an instance runs with, and how to release what it holds. */
export interface TRealtimeAdapter {
  kind: TAdapterKind;
  /** Undefined for the in-memory adapter (Socket.IO's default). */
  factory: ServerOptions['adapter'] | undefined;
  close(): Promise<void>;
}

/**
 * ARCHITECTURE 3.6 / docs/decisions/0023: REALTIME_ADAPTER picks it; unset, REDIS_URL means redis
 * and anything else the in-memory adapter (one process: the embedded default).
 */
export function adapterKind(config: Pick<TConfig, 'REALTIME_ADAPTER' | 'REDIS_URL' | 'DATABASE_URL'>): TAdapterKind {
  const kind = config.REALTIME_ADAPTER ?? (config.REDIS_URL ? 'redis' : 'memory');
  if (kind === 'postgres' && !config.DATABASE_URL) {
    // ARCHITECTURE 5: LISTEN does not reach other processes through the embedded database.
    throw new ConfigError(
      'REALTIME_ADAPTER=postgres needs DATABASE_URL (a PostgreSQL server shared by the instances).',
    );
  }
  if (kind === 'redis' && !config.REDIS_URL) {
    throw new ConfigError('REALTIME_ADAPTER=redis needs REDIS_URL.');
  }
  return kind;
}

export async function createRealtimeAdapter(
  config: TConfig,
  database: Database,
  log: FastifyBaseLogger,
): Promise<TRealtimeAdapter> {
  const kind = adapterKind(config);
  if (kind === 'postgres') return postgresAdapter(config.DATABASE_URL!, log);
  if (kind === 'redis') return redisAdapter(config.REDIS_URL!, database, log);
  return { kind, factory: undefined, close: async () => undefined };
}

/**
 * NOTIFY/LISTEN on a dedicated pool: the LISTEN client is held for the instance's life and must
 * never be one of the request pool's connections (nor run as the RLS role).
 */
async function postgresAdapter(url: string, log: FastifyBaseLogger): Promise<TRealtimeAdapter> {
  const [{ default: pg }, { createAdapter }] = await Promise.all([import('pg'), import('@socket.io/postgres-adapter')]);
  const pool = new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: 5000 });
  pool.on('error', (error) => log.warn({ err: error }, 'realtime: PostgreSQL adapter connection lost'));
  try {
    (await pool.connect()).release();
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new ConfigError(`The real-time adapter cannot reach PostgreSQL: ${(error as Error).message}.`);
  }
  return {
    kind: 'postgres',
    factory: createAdapter(pool, {
      errorHandler: (error: Error) => log.warn({ err: error }, 'realtime: PostgreSQL adapter error'),
    }),
    close: () => pool.end(),
  };
}

async function redisAdapter(url: string, database: Database, log: FastifyBaseLogger): Promise<TRealtimeAdapter> {
  const [{ Redis }, { createAdapter }] = await Promise.all([import('ioredis'), import('@socket.io/redis-adapter')]);
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const sub = pub.duplicate();
  let reported = false;
  for (const client of [pub, sub]) {
    // ioredis reconnects by itself; one line per outage, not one per retry.
    client.on('error', (error: Error) => {
      if (!reported) log.warn({ err: error }, 'realtime: Redis connection lost, reconnecting');
      reported = true;
    });
    client.on('ready', () => {
      reported = false;
    });
  }
  try {
    await Promise.all([pub.connect(), sub.connect()]);
  } catch (error) {
    pub.disconnect();
    sub.disconnect();
    throw new ConfigError(`Cannot reach Redis at REDIS_URL: ${(error as Error).message}.`);
  }
  const installation = await installationId(database.db);
  return {
    kind: 'redis',
    // Pub/sub ignores Redis database numbers: the installation id keeps two installations sharing
    // one Redis from hearing each other's rooms (migration 0005).
    factory: createAdapter(pub, sub, { key: `codboard:${installation ?? 'default'}` }),
    async close() {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
