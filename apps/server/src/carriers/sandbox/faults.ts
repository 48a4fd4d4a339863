import type { TSandboxDialect } from './scenarios.js';

/**
 * Faults the tests (and the demo) switch on (decision 0018). A fault matches a dialect and an
 * operation ('create', 'lookup', 'validate', 'track', 'label', 'cancel', 'fees', 'centres',
 * 'notes', 'auth', 'other'); an omitted field matches everything.
 */
export type TOperation =
  'create' | 'lookup' | 'validate' | 'track' | 'label' | 'cancel' | 'fees' | 'centres' | 'notes' | 'auth' | 'other';

interface TMatch {
  dialect?: TSandboxDialect;
  operation?: TOperation;
}

interface TCounted extends TMatch {
  remaining: number;
}

export interface TFaultDecision {
  kind: 'rate_limit' | 'error' | 'timeout';
  retryAfterSeconds?: number;
  status?: number;
  /** error: the request is processed first, then answered 5xx (an ambiguous failure). */
  afterProcessing?: boolean;
  holdMs?: number;
}

export class SandboxFaults {
  private refusals: Array<TMatch & { references: Set<string> | null; message: string }> = [];
  private rateLimits: Array<TCounted & { retryAfterSeconds: number }> = [];
  private errors: Array<TCounted & { status: number; afterProcessing: boolean }> = [];
  private timeouts: Array<TCounted & { holdMs: number }> = [];
  webhookMode: { duplicate: boolean; reverse: boolean } = { duplicate: false, reverse: false };

  /** The carrier refuses these parcels (by our reference) with its own kind of message. */
  refuse(options: { references: readonly string[]; message?: string; dialect?: TSandboxDialect }): void {
    this.refusals.push({
      dialect: options.dialect,
      references: new Set(options.references),
      message: options.message ?? 'Commune introuvable pour cette wilaya',
    });
  }

  refusalFor(dialect: TSandboxDialect, reference: string): string | undefined {
    return this.refusals.find((r) => matches(r, dialect) && (r.references === null || r.references.has(reference)))
      ?.message;
  }

  /** The next `times` matching requests answer 429 with Retry-After (nothing processed). */
  rateLimit(options: TMatch & { times?: number; retryAfterSeconds?: number } = {}): void {
    this.rateLimits.push({
      ...options,
      remaining: options.times ?? 1,
      retryAfterSeconds: options.retryAfterSeconds ?? 1,
    });
  }

  /** The next matching requests answer `status` (default 503), before or after processing them. */
  fail(options: TMatch & { times?: number; status?: number; afterProcessing?: boolean } = {}): void {
    this.errors.push({
      ...options,
      remaining: options.times ?? 1,
      status: options.status ?? 503,
      afterProcessing: options.afterProcessing ?? false,
    });
  }

  /**
   * The next matching requests are processed (the parcels exist) but the answer never comes: the
   * connection is held until the client gives up (or `holdMs`) and then dropped.
   */
  timeout(options: TMatch & { times?: number; holdMs?: number } = {}): void {
    this.timeouts.push({ ...options, remaining: options.times ?? 1, holdMs: options.holdMs ?? 30_000 });
  }

  /** Webhook deliveries sent twice and/or with the events of a batch in reverse order. */
  webhooks(mode: Partial<{ duplicate: boolean; reverse: boolean }>): void {
    this.webhookMode = { ...this.webhookMode, ...mode };
  }

  clear(): void {
    this.refusals = [];
    this.rateLimits = [];
    this.errors = [];
    this.timeouts = [];
    this.webhookMode = { duplicate: false, reverse: false };
  }

  /** Consumes and returns the fault that applies to this request, if any. */
  take(dialect: TSandboxDialect, operation: TOperation): TFaultDecision | undefined {
    const rate = takeCounted(this.rateLimits, dialect, operation);
    if (rate) return { kind: 'rate_limit', retryAfterSeconds: rate.retryAfterSeconds };
    const error = takeCounted(this.errors, dialect, operation);
    if (error) return { kind: 'error', status: error.status, afterProcessing: error.afterProcessing };
    const timeout = takeCounted(this.timeouts, dialect, operation);
    if (timeout) return { kind: 'timeout', holdMs: timeout.holdMs };
    return undefined;
  }
}

function matches(match: TMatch, dialect: TSandboxDialect, operation?: TOperation): boolean {
  return (
    (!match.dialect || match.dialect === dialect) && (!match.operation || !operation || match.operation === operation)
  );
}

function takeCounted<T extends TCounted>(list: T[], dialect: TSandboxDialect, operation: TOperation): T | undefined {
  const hit = list.find((f) => f.remaining > 0 && matches(f, dialect, operation));
  if (hit) hit.remaining -= 1;
  return hit;
}
