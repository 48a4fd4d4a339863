// One server instance in its own process, as production runs it (one app, one event bus per
// process): `buildApp` + listen on 127.0.0.1, an ephemeral port. Driven over IPC by cluster.ts.
// Environment: DATABASE_URL (already migrated), REALTIME_ADAPTER, REDIS_URL.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../../src/config.js';
import { openDatabase } from '../../../src/db/client.js';
import { buildApp } from '../../../src/http/app.js';
import { domainEvents, withTenantEvents, type TDomainEvent } from '../../../src/lib/domain-events.js';
import type { TInstanceReply, TInstanceRequest } from './cluster.js';

const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, poolSize: 5 });

// Registered before the real-time layer subscribes, so it runs first: the benchmark's clock starts
// when the transaction has committed and the event is handed to the fan-out.
domainEvents.subscribe((event) => {
  if (event.payload.stamp === true) event.payload.committed_at = performance.timeOrigin + performance.now();
});

const { app } = await buildApp(config, database);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const reply = (message: TInstanceReply) => process.send?.(message);

async function handle(request: TInstanceRequest): Promise<TInstanceReply> {
  switch (request.op) {
    case 'publish':
      try {
        await withTenantEvents(database.db, request.tenantId, async (tx, sink) => {
          await tx.execute(sql`select 1`);
          for (const event of request.events as TDomainEvent[]) sink.emit(event);
          if (request.rollback) throw new Error('rolled back on purpose');
        });
        return { id: request.id, ok: true };
      } catch (error) {
        return { id: request.id, ok: false, error: (error as Error).message };
      }
    case 'memory': {
      const { user, system } = process.cpuUsage(); // before the collection below adds its own
      (globalThis as { gc?: () => void }).gc?.();
      const { rss, heapUsed } = process.memoryUsage();
      const sockets = app.realtime?.io.of('/').sockets.size ?? 0;
      return { id: request.id, ok: true, memory: { rss, heapUsed, sockets, cpuMs: (user + system) / 1000 } };
    }
    case 'servers':
      return { id: request.id, ok: true, servers: (await app.realtime?.io.of('/').adapter.serverCount()) ?? 0 };
    case 'stop':
      await app.close();
      await database.close();
      return { id: request.id, ok: true };
  }
}

process.on('message', (request: TInstanceRequest) => {
  void handle(request).then((answer) => {
    reply(answer);
    if (request.op === 'stop') process.exit(0);
  });
});
// The test (or benchmark) that started us is gone: never linger.
process.on('disconnect', () => process.exit(0));
reply({ id: 0, ok: true, port });
