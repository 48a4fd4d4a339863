import type { Db, Tx } from '../db/client.js';
import { withTenantEvents, type TEventSink } from './domain-events.js';

/** One item's outcome inside a batch that committed: its value, or the error its caller gets. */
export type TSettled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface TBatchWriter<TItem, TResult> {
  /**
   * Writes a tenant's batch inside one transaction, answering one outcome per item in order. An
   * item refused by a rule settles as an error and must leave nothing written; a throw rolls the
   * whole batch back.
   */
  write(tx: Tx, events: TEventSink, tenantId: number, items: readonly TItem[]): Promise<Array<TSettled<TResult>>>;
  /** Items with the same key never share a batch (a retry of an idempotent request waits for the next). */
  keyOf?(item: TItem): string | null;
}

interface TJob<TItem> {
  item: TItem;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface TQueue<TItem> {
  jobs: Array<TJob<TItem>>;
  /** Transactions of this tenant in flight (at most `lanes`). */
  draining: number;
}

/**
 * Group commit for a hot write path (the intake API, docs/decisions/0016): the writes that reach
 * one tenant while its previous transaction runs wait, then go together into the next one, written
 * with set-based statements, so a burst of N orders pays one BEGIN, one commit (one WAL flush), one
 * hold of the shop's order-number counter and a handful of statements instead of N of each. A lone
 * request still runs at once: nothing waits for a batch to fill.
 *
 * When a batch throws (a database error), everything it wrote is rolled back and each item runs
 * again alone, so a failure reaches only its own caller and the others are written exactly once.
 * Events are published after the commit that made them true.
 *
 * `lanes` > 1 lets that many transactions of one tenant run at once (docs/decisions/0121): while
 * one group waits on its round trips and its commit, the next one begins, claims its keys and reads
 * what it checks against, and queues on the shop's rows (its order quota, then its order-number
 * counter, taken in that order by every writer) only for the writing part. It pays where the
 * database is far (round trips, not CPU, are the limit); on a machine whose CPU is saturated it
 * splits the groups and measured no better, so the intake API keeps one lane.
 */
export class TenantGroupCommit<TItem, TResult> {
  private readonly queues = new Map<number, TQueue<TItem>>();

  constructor(
    private readonly db: Db,
    private readonly writer: TBatchWriter<TItem, TResult>,
    private readonly maxBatch = 64,
    private readonly lanes = 1,
  ) {}

  run(tenantId: number, item: TItem): Promise<TResult> {
    return new Promise<TResult>((resolve, reject) => {
      let queue = this.queues.get(tenantId);
      if (!queue) {
        queue = { jobs: [], draining: 0 };
        this.queues.set(tenantId, queue);
      }
      queue.jobs.push({ item, resolve: resolve as (value: unknown) => void, reject });
      if (queue.draining < this.lanes) void this.drain(tenantId, queue);
    });
  }

  private async drain(tenantId: number, queue: TQueue<TItem>): Promise<void> {
    queue.draining++;
    try {
      while (queue.jobs.length) {
        const batch = this.nextBatch(queue);
        if (!(await this.write(tenantId, batch))) {
          await Promise.all(batch.map((job) => this.write(tenantId, [job])));
        }
      }
    } finally {
      queue.draining--;
      if (!queue.jobs.length && !queue.draining && this.queues.get(tenantId) === queue) this.queues.delete(tenantId);
    }
  }

  /** Takes jobs in arrival order, leaving in the queue those whose key is already in the batch. */
  private nextBatch(queue: TQueue<TItem>): Array<TJob<TItem>> {
    const batch: Array<TJob<TItem>> = [];
    const keys = new Set<string>();
    const waiting: Array<TJob<TItem>> = [];
    for (const job of queue.jobs) {
      const key = this.writer.keyOf?.(job.item) ?? null;
      if (batch.length >= this.maxBatch || (key !== null && keys.has(key))) {
        waiting.push(job);
        continue;
      }
      if (key !== null) keys.add(key);
      batch.push(job);
    }
    queue.jobs = waiting;
    return batch;
  }

  /**
   * One transaction for the jobs; settles them after the commit. A rolled-back batch of several
   * answers false without settling (its jobs run again alone); a lone job gets the error.
   */
  private async write(tenantId: number, jobs: Array<TJob<TItem>>): Promise<boolean> {
    let outcomes: Array<TSettled<TResult>>;
    try {
      outcomes = await withTenantEvents(this.db, tenantId, (tx, events) =>
        this.writer.write(
          tx,
          events,
          tenantId,
          jobs.map((job) => job.item),
        ),
      );
    } catch (error) {
      if (jobs.length > 1) return false;
      jobs[0]!.reject(error);
      return true;
    }
    jobs.forEach((job, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
    return true;
  }
}
