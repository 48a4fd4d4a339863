import type PgBoss from 'pg-boss';
import type { TBossDb } from './boss-db.js';
import type { TJobsLog } from './job-runner.js';
import type { TJobName, TJobPayloads, TQueueDefinition } from './queues.js';

/** What a handler gets for one job. */
export interface TJob<TData> {
  id: string;
  name: string;
  data: TData;
  /** 1 on the first run, 2 on the first retry, ... A retry must carry on, not start over. */
  attempt: number;
  /** Aborted when the process stops or the job was taken away (cancelled, or presumed dead). */
  signal: AbortSignal;
}

/**
 * A job handler. Returning completes the job; throwing fails it, and pg-boss retries it after the
 * queue's delay until retryLimit. A run can stop anywhere (crash, deploy), so handlers commit
 * their work in chunks that are idempotent: a retry skips what a previous attempt committed.
 * Long handlers check `signal` between chunks (`job.signal.throwIfAborted()`).
 */
export type TJobHandler<N extends TJobName> = (job: TJob<TJobPayloads[N]>) => Promise<void>;

interface TQueueWorkerOptions<N extends TJobName> {
  name: N;
  handler: TJobHandler<N>;
  boss: PgBoss;
  db: TBossDb;
  schema: string;
  definition: TQueueDefinition<TJobPayloads[N]>;
  pollingIntervalMs: number;
  log: TJobsLog;
}

/** Fetches and runs one queue's jobs with a heartbeat; see JobRunner. */
export class QueueWorker<N extends TJobName = TJobName> {
  readonly name: N;
  private stopped = false;
  private readonly loops: Array<Promise<void>> = [];
  private readonly running = new Set<AbortController>();
  private readonly sleepers = new Set<() => void>();

  constructor(private readonly options: TQueueWorkerOptions<N>) {
    this.name = options.name;
  }

  start(): void {
    for (let i = 0; i < Math.max(1, this.options.definition.concurrency); i++) this.loops.push(this.loop());
  }

  /** An enqueue in this process: fetch now instead of at the next poll. */
  wake(): void {
    for (const wake of this.sleepers) wake();
  }

  async stop(timeoutMs: number): Promise<void> {
    this.stopped = true;
    this.wake();
    for (const controller of this.running) controller.abort(new Error('The job worker is stopping.'));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    await Promise.race([Promise.all(this.loops), timeout]);
    clearTimeout(timer);
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      let job: PgBoss.JobWithMetadata<TJobPayloads[N]> | undefined;
      try {
        [job] = await this.options.boss.fetch<TJobPayloads[N]>(this.name, { batchSize: 1, includeMetadata: true });
      } catch (error) {
        this.options.log.error({ err: error, queue: this.name }, 'fetching a job failed');
      }
      if (job) await this.run(job);
      else await this.sleep(this.options.pollingIntervalMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }

  private async run(job: PgBoss.JobWithMetadata<TJobPayloads[N]>): Promise<void> {
    const { boss, handler, log } = this.options;
    const controller = new AbortController();
    this.running.add(controller);
    const heartbeat = this.startHeartbeat(job.id, controller);
    try {
      await handler({
        id: job.id,
        name: this.name,
        data: job.data,
        attempt: job.retryCount + 1,
        signal: controller.signal,
      });
      if (!heartbeat.lost()) await boss.complete(this.name, job.id);
    } catch (error) {
      log.error({ err: error, queue: this.name, job: job.id, attempt: job.retryCount + 1 }, 'job failed');
      if (!heartbeat.lost()) await boss.fail(this.name, job.id, errorOutput(error)).catch(() => undefined);
    } finally {
      heartbeat.stop();
      this.running.delete(controller);
    }
  }

  /**
   * Keeps the job's started_on fresh so pg-boss's expiry (started_on + expire_in) means "no sign
   * of life for heartbeatTimeoutSeconds" rather than "ran too long". When the row is no longer
   * ours (cancelled, or expired because this process stalled), the handler's signal is aborted
   * and its outcome is not recorded: another worker owns the job now.
   */
  private startHeartbeat(id: string, controller: AbortController) {
    let lost = false;
    let beating = false;
    const sql = `UPDATE ${this.options.schema}.job SET started_on = now() WHERE name = $1 AND id = $2 AND state = 'active' RETURNING id`;
    const beat = async () => {
      if (beating) return;
      beating = true;
      try {
        const { rows } = await this.options.db.executeSql(sql, [this.name, id]);
        if (rows.length === 0 && !lost) {
          lost = true;
          controller.abort(new Error('The job is no longer owned by this worker.'));
        }
      } catch (error) {
        this.options.log.warn({ err: error, queue: this.name, job: id }, 'job heartbeat failed');
      } finally {
        beating = false;
      }
    };
    const timer = setInterval(() => void beat(), (this.options.definition.heartbeatTimeoutSeconds * 1000) / 3);
    return { lost: () => lost, stop: () => clearInterval(timer) };
  }
}

function errorOutput(error: unknown): object {
  if (error instanceof Error) return { message: error.message, name: error.name };
  return { message: String(error) };
}
