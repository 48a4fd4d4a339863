import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** IPC between a test (or the benchmark) and an instance process (instance.ts). */
export type TInstanceRequest =
  | { id: number; op: 'publish'; tenantId: number; events: unknown[]; rollback?: boolean }
  | { id: number; op: 'memory' }
  | { id: number; op: 'servers' }
  | { id: number; op: 'stop' };

// Omit over each member of the union (plain Omit would merge them into one shape).
type TWithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

export interface TInstanceReply {
  id: number;
  ok: boolean;
  error?: string;
  port?: number;
  servers?: number;
  /** Memory, connected sockets and the CPU time the process used so far. */
  memory?: { rss: number; heapUsed: number; sockets: number; cpuMs: number };
}

export interface TInstance {
  url: string;
  pid: number;
  /** Commits (or, with rollback, rolls back) one transaction that emitted these domain events. */
  publish(tenantId: number, events: unknown[], options?: { rollback?: boolean }): Promise<TInstanceReply>;
  memory(): Promise<NonNullable<TInstanceReply['memory']>>;
  /** How many instances this one's adapter currently knows (itself included). */
  servers(): Promise<number>;
  stop(): Promise<void>;
}

const HARNESS = path.join(import.meta.dirname, 'instance.ts');

export interface TInstanceEnv {
  DATABASE_URL: string;
  REALTIME_ADAPTER: 'postgres' | 'redis';
  REDIS_URL?: string;
  LOG_LEVEL?: string;
}

/** Starts one server instance in its own process and waits until it listens. */
export function startInstance(env: TInstanceEnv, options: { exposeGc?: boolean } = {}): Promise<TInstance> {
  const child: ChildProcess = fork(HARNESS, [], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    execArgv: ['--import', 'tsx', ...(options.exposeGc ? ['--expose-gc'] : [])],
    env: { ...process.env, ...env, TEST_DATABASE_URL: '' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let nextId = 1;
  const pending = new Map<number, (reply: TInstanceReply) => void>();
  const call = (request: TWithoutId<TInstanceRequest>): Promise<TInstanceReply> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, resolve);
      child.send({ ...request, id }, (error) => error && reject(error));
    });

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error('instance did not start within 60 s'));
    }, 60_000);
    child.once('exit', (code) => reject(new Error(`instance exited with ${code} before listening`)));
    child.on('message', (reply: TInstanceReply) => {
      if (reply.id === 0 && reply.port) {
        clearTimeout(timer);
        resolve({
          url: `http://127.0.0.1:${reply.port}`,
          pid: child.pid!,
          publish: (tenantId, events, opts = {}) => call({ op: 'publish', tenantId, events, rollback: opts.rollback }),
          memory: async () => (await call({ op: 'memory' })).memory!,
          servers: async () => (await call({ op: 'servers' })).servers ?? 0,
          async stop() {
            if (child.exitCode !== null) return;
            const exited = new Promise((r) => child.once('exit', r));
            await call({ op: 'stop' }).catch(() => undefined);
            await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
            if (child.exitCode === null) child.kill('SIGKILL');
          },
        });
        return;
      }
      pending.get(reply.id)?.(reply);
      pending.delete(reply.id);
    });
  });
}

/** Until every instance's adapter has heard of all the others (heartbeats: up to ~5 s after start). */
export async function waitForMesh(instances: TInstance[], timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const counts = await Promise.all(instances.map((i) => i.servers()));
    if (counts.every((n) => n >= instances.length)) return;
    if (Date.now() > deadline)
      throw new Error(`instances know ${counts.join(', ')} servers, expected ${instances.length}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
