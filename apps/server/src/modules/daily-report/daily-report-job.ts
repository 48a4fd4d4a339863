import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { runDailyReportMails } from './daily-report.service.js';

const TICK_MS = 60_000;

/**
 * The daily report mails (docs/decisions/0082). Every instance looks each minute for the shops
 * whose hour has come in their own time zone and whose report of yesterday is not sent; the send is
 * claimed per shop and day in the database, so several instances (or a restart mid-run) still send
 * one. Answers a stop function.
 */
export function startDailyReportJob(database: Database, log: FastifyBaseLogger): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const { sent } = await runDailyReportMails(database.db, log, new Date());
      if (sent.length) log.info({ shops: sent.length }, 'daily report: mails written');
    } catch (error) {
      log.warn({ error: error instanceof Error ? error.message : 'unknown' }, 'daily report: run failed');
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
