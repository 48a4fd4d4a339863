import type { TCarrierLogger } from '../../carriers/carrier.js';
import { startCarrierSandbox, type TCarrierSandbox } from '../../carriers/sandbox/index.js';
import { readSandboxSnapshot, sandboxStateFile, writeSandboxSnapshot } from '../../carriers/sandbox/persist.js';
import type { TConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { demoExists } from '../../db/seed/demo.js';
import { defineQueue, enqueue, startJobs, stopJobs, work } from '../../jobs/jobs.js';
import { attachCarrierSandbox, carrierKeyring, setCarrierSandboxUrl } from '../shipping-companies/carrier-runtime.js';
import { ensureDemoShippingCompanies } from './demo-shipping.js';
import { pollCompany, pollTargets } from './status-poll.js';

declare module '../../jobs/queues.js' {
  interface TJobPayloads {
    /** Issue 5.8: one shipping company's status poll (ids only, never credentials). */
    'shipping-poll': { tenantId: number; companyId: number };
  }
}

/** Sandbox time per real minute in demo mode: parcels of the demo move visibly within minutes. */
const DEMO_CLOCK_MS_PER_MINUTE = 2 * 3_600_000;

/**
 * The shipping side of `npm start` (decisions 0018, 0030, 0031): the carrier sandbox in demo mode
 * (its clock advancing so the demo's parcels move), and the periodic status poll as pg-boss jobs,
 * one per company (stately: never two polls of one carrier account at once, so its pace holds).
 * Answers a stop function for shutdown.
 */
export async function startShippingBackground(
  database: Database,
  config: TConfig,
  log: TCarrierLogger,
): Promise<() => Promise<void>> {
  const stops: Array<() => Promise<void> | void> = [];
  const wantSandbox =
    config.CARRIER_SANDBOX === 'on' || (config.CARRIER_SANDBOX === 'auto' && (await demoExists(database.db)));
  let sandbox: TCarrierSandbox | null = null;
  if (wantSandbox) {
    // Decision 0051: the demo's parcels (created by the demo seed) are restored from the data folder.
    const stateFile = sandboxStateFile(config.dataDir);
    const restore = await readSandboxSnapshot(stateFile);
    sandbox = await startCarrierSandbox({
      port: config.CARRIER_SANDBOX_PORT,
      host: '127.0.0.1',
      ...(restore ? { restore } : {}),
    });
    const save = () => (sandbox ? writeSandboxSnapshot(stateFile, sandbox).catch(() => undefined) : undefined);
    const saver = setInterval(() => void save(), 60_000);
    saver.unref();
    stops.push(() => clearInterval(saver));
    await attachCarrierSandbox(database.db, sandbox.url);
    await ensureDemoShippingCompanies(database.db, await carrierKeyring(config));
    const clock = setInterval(() => void sandbox?.clock.advance(DEMO_CLOCK_MS_PER_MINUTE / 6), 10_000);
    clock.unref();
    stops.push(() => clearInterval(clock));
    stops.push(async () => {
      setCarrierSandboxUrl(null);
      await save();
      await sandbox?.close();
    });
  }
  if (config.SHIPPING_POLL_SECONDS > 0) {
    const keyring = await carrierKeyring(config);
    defineQueue('shipping-poll', {
      policy: 'stately',
      retryLimit: 0,
      heartbeatTimeoutSeconds: 120,
      concurrency: 2,
      singletonKey: (data) => `tenant-${data.tenantId}-company-${data.companyId}`,
    });
    await startJobs(database);
    await work('shipping-poll', async (job) => {
      const [target] = (await pollTargets(database.db, { tenantId: job.data.tenantId })).filter(
        (t) => t.id === job.data.companyId,
      );
      if (target) await pollCompany(database.db, keyring, log, target);
    });
    const tick = async () => {
      try {
        for (const target of await pollTargets(database.db)) {
          await enqueue('shipping-poll', { tenantId: target.tenant_id, companyId: target.id });
        }
      } catch (error) {
        log.warn({ error: error instanceof Error ? error.message : 'unknown' }, 'shipment status poll not scheduled');
      }
    };
    const timer = setInterval(() => void tick(), config.SHIPPING_POLL_SECONDS * 1000);
    timer.unref();
    stops.push(() => clearInterval(timer));
    stops.push(() => stopJobs());
  }
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}
