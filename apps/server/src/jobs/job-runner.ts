import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import { bossDbFor, type TBossDb } from './boss-db.js';
import { definedQueueNames, queueDefinition, type TJobName, type TJobPayloads } from './queues.js';
import { QueueWorker, type TJobHandler } from './queue-worker.js';

export interface TJobsLog {
  error(object: object, message?: string): void;
  warn(object: object, message?: string): void;
}

export interface TJobsConfig {
  /** Postgres schema of pg-boss's tables. */
  schema?: string;
  /** How often an idle worker asks for a job (an enqueue in this process wakes it at once). */
  pollingIntervalSeconds?: number;
  /** How often pg-boss's maintenance fails jobs whose heartbeat stopped, so they are retried. */
  maintenanceIntervalSeconds?: number;
  /** Cron schedules (pg-boss's timekeeper); off unless a module schedules something. */
  schedule?: boolean;
  /**
   * Jobs left running by a previous process are retried at once on start. Right when this process
   * is the only worker, which an embedded (PGlite) database guarantees; with PostgreSQL other
   * instances may be running them, so the heartbeat timeout recovers them instead.
   */
  recoverOnStart?: boolean;
  log?: TJobsLog;
}

export interface TEnqueueOptions {
  /** Overrides the queue's singleton key for this job. */
  singletonKey?: string;
  startAfterSeconds?: number;
  priority?: number;
}

export interface TJobState {
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  attempt: number;
  output: unknown;
}

const SILENT: TJobsLog = { error: () => undefined, warn: () => undefined };

/**
 * ARCHITECTURE 3.7: background jobs on pg-boss 10, over our own connection (boss-db.ts) on both
 * PostgreSQL and PGlite. pg-boss stores, dedupes (singleton keys), retries and expires jobs; our
 * QueueWorker fetches, heartbeats and completes them, so a long import is never cut by a timeout
 * while a dead worker's job is retried within a minute. See docs/decisions/0022.
 */
export class JobRunner {
  readonly schema: string;
  private readonly db: TBossDb;
  private readonly log: TJobsLog;
  private readonly queues = new Map<string, Promise<void>>();
  private queueChain: Promise<unknown> = Promise.resolve();
  private readonly workers: Array<Pick<QueueWorker, 'name' | 'wake' | 'stop'>> = [];
  private boss: PgBoss | null = null;

  constructor(
    private readonly database: Database,
    private readonly config: TJobsConfig = {},
  ) {
    this.schema = config.schema ?? 'pgboss';
    this.db = bossDbFor(database);
    this.log = config.log ?? SILENT;
  }

  async start(): Promise<this> {
    if (this.boss) return this;
    const boss = new PgBoss({
      db: this.db as PgBoss.Db,
      schema: this.schema,
      migrate: true,
      supervise: true,
      maintenanceIntervalSeconds: this.config.maintenanceIntervalSeconds ?? 30,
      schedule: this.config.schedule ?? false,
    });
    boss.on('error', (error) => this.log.error({ err: error }, 'pg-boss error'));
    await boss.start();
    this.boss = boss;
    if (this.config.recoverOnStart ?? this.database.kind === 'pglite') await this.retryOrphans();
    await Promise.all(definedQueueNames().map((name) => this.ensureQueue(name)));
    return this;
  }

  /**
   * Stops fetching, aborts running handlers' signals and waits for them up to timeoutMs. A handler
   * that throws on abort has its job failed and retried later; one still running at the timeout
   * is recovered like a crashed one.
   */
  async stop(options: { timeoutMs?: number } = {}): Promise<void> {
    const boss = this.boss;
    if (!boss) return;
    await Promise.all(this.workers.map((worker) => worker.stop(options.timeoutMs ?? 15_000)));
    this.workers.length = 0;
    this.queues.clear();
    this.boss = null;
    await boss.stop({ graceful: false, close: false, wait: true });
  }

  /** Queues a job; answers its id, or null when a job with the same singleton key is already waiting. */
  async enqueue<N extends TJobName>(
    name: N,
    data: TJobPayloads[N],
    options: TEnqueueOptions = {},
  ): Promise<string | null> {
    const boss = this.started();
    await this.ensureQueue(name);
    const singletonKey = options.singletonKey ?? queueDefinition(name).singletonKey?.(data);
    const id = await boss.send(name, data as object, {
      ...(singletonKey ? { singletonKey } : {}),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      ...(options.priority !== undefined ? { priority: options.priority } : {}),
    });
    for (const worker of this.workers) if (worker.name === name) worker.wake();
    return id;
  }

  /** Runs handler for each job of the queue, `concurrency` at a time, until stop(). */
  async work<N extends TJobName>(name: N, handler: TJobHandler<N>): Promise<void> {
    const boss = this.started();
    await this.ensureQueue(name);
    const worker = new QueueWorker({
      name,
      handler,
      boss,
      db: this.db,
      schema: this.schema,
      definition: queueDefinition(name),
      pollingIntervalMs: (this.config.pollingIntervalSeconds ?? 2) * 1000,
      log: this.log,
    });
    this.workers.push(worker);
    worker.start();
  }

  /**
   * The states of every job, kept or archived, of the queue under each singleton key: what tells
   * a job still to run from one that failed for good (docs/decisions/0036).
   */
  async statesByKey(name: TJobName, singletonKeys: readonly string[]): Promise<Map<string, TJobState['state'][]>> {
    this.started();
    const states = new Map<string, TJobState['state'][]>();
    if (!singletonKeys.length) return states;
    const { rows } = await this.db.executeSql(
      `SELECT singleton_key, state::text AS state FROM ${this.schema}.job WHERE name = $1 AND singleton_key = ANY($2::text[])
       UNION ALL
       SELECT singleton_key, state::text AS state FROM ${this.schema}.archive WHERE name = $1 AND singleton_key = ANY($2::text[])`,
      [name, [...singletonKeys]],
    );
    for (const row of rows) {
      const key = String(row.singleton_key);
      states.set(key, [...(states.get(key) ?? []), row.state as TJobState['state']]);
    }
    return states;
  }

  /** A job's state and attempt number (1 for the first run), or null once archived or unknown. */
  async jobState(name: TJobName, id: string): Promise<TJobState | null> {
    const job = await this.started().getJobById(name, id);
    if (!job) return null;
    return { state: job.state, attempt: job.retryCount + 1, output: job.output };
  }

  private started(): PgBoss {
    if (!this.boss) throw new Error('Background jobs are not started: call startJobs() first.');
    return this.boss;
  }

  /**
   * Creates (or updates) a queue once per process. Creating one attaches a partition to the job
   * table, and two creations at once can deadlock in PostgreSQL: creations are chained here, and a
   * deadlock with another process is retried.
   */
  private ensureQueue(name: TJobName): Promise<void> {
    let ready = this.queues.get(name);
    if (!ready) {
      const definition = queueDefinition(name);
      // pg-boss refers to a dead-letter queue by foreign key: it is created first (and chained first).
      if (definition.deadLetter) void this.ensureQueue(definition.deadLetter).catch(() => undefined);
      const options = {
        name,
        policy: definition.policy,
        retryLimit: definition.retryLimit,
        retryDelay: definition.retryDelaySeconds,
        retryBackoff: definition.retryBackoff,
        expireInSeconds: definition.heartbeatTimeoutSeconds,
        ...(definition.deadLetter ? { deadLetter: definition.deadLetter } : {}),
      };
      const boss = this.started();
      ready = this.queueChain.then(() =>
        retryOnDeadlock(async () => {
          await boss.createQueue(name, options);
          await boss.updateQueue(name, options);
        }),
      );
      this.queueChain = ready.catch(() => undefined);
      ready.catch(() => this.queues.delete(name));
      this.queues.set(name, ready);
    }
    return ready;
  }

  private async retryOrphans(): Promise<void> {
    const { rows } = await this.db.executeSql(`SELECT name, id FROM ${this.schema}.job WHERE state = 'active'`, []);
    const byQueue = new Map<string, string[]>();
    for (const row of rows) byQueue.set(String(row.name), [...(byQueue.get(String(row.name)) ?? []), String(row.id)]);
    for (const [name, ids] of byQueue) {
      for (const id of ids) {
        await this.started().fail(name, id, { message: 'The worker stopped before the job finished; retrying.' });
      }
      this.log.warn({ queue: name, jobs: ids.length }, 'retrying jobs left running by a previous process');
    }
  }
}

async function retryOnDeadlock(fn: () => Promise<void>, attempts = 5): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}
