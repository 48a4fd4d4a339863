import type { TDialectContext } from './dialect.js';
import { SandboxFaults, type TOperation } from './faults.js';
import type { TSandboxDialect, TScenario } from './scenarios.js';
import { SandboxStore } from './store.js';
import { SandboxWebhooks } from './webhooks.js';

export interface TSandboxRequestLog {
  dialect: TSandboxDialect;
  operation: TOperation;
  method: string;
  path: string;
  status: number | 'dropped';
  /** performance.now() when the request arrived. */
  at: number;
}

export interface TSandboxClock {
  now(): number;
  /** Moves time on, applies every due status change, delivers webhooks, then resolves. */
  advance(ms: number): Promise<{ changes: number; webhookEvents: number }>;
}

/** Everything the fake carriers remember: in memory, on a clock the caller drives. */
export interface TSandboxState {
  clock: TSandboxClock;
  store: SandboxStore;
  faults: SandboxFaults;
  webhooks: SandboxWebhooks;
  requests: TSandboxRequestLog[];
  settings: TDialectContext['options'];
}

export function createSandboxState(options: {
  startAt?: number;
  yalidineBatchMode?: 'per_parcel' | 'all_or_nothing';
  defaultScenario?: TScenario;
}): TSandboxState {
  let now = options.startAt ?? Date.now();
  const clockNow = () => now;
  const store = new SandboxStore(clockNow);
  if (options.defaultScenario) store.defaultScenario = options.defaultScenario;
  const faults = new SandboxFaults();
  const webhooks = new SandboxWebhooks(clockNow, faults);
  return {
    clock: {
      now: clockNow,
      async advance(ms) {
        now += Math.max(0, ms);
        const changes = store.advance(now);
        webhooks.enqueue(changes);
        const webhookEvents = await webhooks.flush();
        return { changes: changes.length, webhookEvents };
      },
    },
    store,
    faults,
    webhooks,
    requests: [],
    settings: { yalidineBatchMode: options.yalidineBatchMode ?? 'per_parcel' },
  };
}

/** Records a request; a demo runs for days, so only the recent log is kept. */
export function logRequest(state: TSandboxState, entry: TSandboxRequestLog): void {
  const { requests } = state;
  requests.push(entry);
  if (requests.length > 10_000) requests.splice(0, requests.length - 5_000);
}
