import { defineQueue, queueDefinition } from '../../../src/jobs/queues.js';

/** The real orders-import queue with a 2 s heartbeat window and instant retries, so a crash recovers in seconds. */
export function quickImportQueue(overrides: { retryLimit?: number; heartbeatTimeoutSeconds?: number } = {}): void {
  defineQueue('orders-import', {
    ...queueDefinition('orders-import'),
    heartbeatTimeoutSeconds: 2,
    retryDelaySeconds: 0,
    retryBackoff: false,
    ...overrides,
  });
}
