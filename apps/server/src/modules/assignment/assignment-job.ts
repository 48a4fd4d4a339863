import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { releaseOfflineAgentsOrders } from './assignment.service.js';

const TICK_MS = 60_000;

/**
 * Issue 15.3: every minute, untouched automatic orders of agents offline for longer than their
 * shop's M minutes go back to the pool (docs/decisions/0086). Every instance may run it: the rows
 * are locked with skip locked and the release is idempotent. Answers a stop function.
 */
export function startAssignmentJob(db: Db, log: FastifyBaseLogger, clock: () => Date = () => new Date()): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const outcome = await releaseOfflineAgentsOrders(db, clock());
      if (outcome.released) log.info(outcome, 'assignment: orders of offline agents back to the pool');
    } catch (error) {
      log.warn({ error: error instanceof Error ? error.message : 'unknown' }, 'assignment: release job failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
